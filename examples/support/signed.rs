//! An Elo difference as the arena and ladder examples print it: a sign always, `±inf` when one
//! side won or lost every game.

pub fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{x:+.0}")
    }
}
