//! What the library writes and reads back: game records and player views as data.

mod record;
mod view_record;

pub use record::{Record, RecordError, Start};
pub use view_record::{ViewError, ViewRecord};
