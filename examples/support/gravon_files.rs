//! Walks Gravon records on disk: `.xml` files, `.zip` archives of them, or folders holding either.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// Calls `visit(name, xml)` for every record under `path`, in a stable (sorted) order. `name` is
/// the file path, with `archive.zip/inner/name.xml` for records inside an archive.
pub fn for_each_record(path: &Path, visit: &mut dyn FnMut(&str, &str)) -> io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<_> = fs::read_dir(path)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
        entries.sort();
        for entry in entries {
            let is_record = entry.is_dir() || matches!(entry.extension().and_then(|e| e.to_str()), Some("xml" | "zip"));
            if is_record {
                for_each_record(&entry, visit)?;
            }
        }
        return Ok(());
    }
    match path.extension().and_then(|e| e.to_str()) {
        Some("zip") => {
            let mut archive = zip::ZipArchive::new(fs::File::open(path)?).map_err(io::Error::other)?;
            let mut names: Vec<String> =
                archive.file_names().filter(|n| n.ends_with(".xml")).map(String::from).collect();
            names.sort();
            for name in names {
                let mut text = String::new();
                archive.by_name(&name).map_err(io::Error::other)?.read_to_string(&mut text)?;
                visit(&format!("{}/{name}", path.display()), &text);
            }
            Ok(())
        }
        _ => {
            let text = fs::read_to_string(path)?;
            visit(&path.display().to_string(), &text);
            Ok(())
        }
    }
}
