//! Automatic backups of a sled store (`[store] backup_every_hours`): an export file written
//! beside the data folder, the last few kept. Sled refuses to open a folder whose log is
//! damaged, so without a copy one flipped bit on disk would lose every game.

use std::path::{Path, PathBuf};

use super::{DumpError, Store};

/// The folder backups of `data_dir` go to: `<data_dir>.backups`.
#[must_use]
pub fn folder(data_dir: &Path) -> PathBuf {
    let mut name = data_dir.as_os_str().to_owned();
    name.push(".backups");
    PathBuf::from(name)
}

/// Exports `store` to `file` safely: written to a temporary file, synced, then renamed, so
/// a crash meanwhile leaves the previous file whole.
///
/// # Errors
/// Reading the store, or writing the file.
pub fn export_to(store: &impl Store, file: &Path) -> Result<usize, DumpError> {
    let dump = store.export()?;
    let partial = file.with_extension("partial");
    {
        let out = std::fs::File::create(&partial)?;
        let mut writer = std::io::BufWriter::new(&out);
        dump.write(&mut writer)?;
        drop(writer);
        out.sync_all()?;
    }
    std::fs::rename(&partial, file)?;
    Ok(dump.games.len())
}

/// Writes a backup named for `now_ms` into `dir` and deletes all but the newest `keep`.
/// Returns the file written.
///
/// # Errors
/// As [`export_to`]; a folder that cannot be made or listed.
pub fn take(
    store: &impl Store,
    dir: &Path,
    now_ms: u64,
    keep: usize,
) -> Result<PathBuf, DumpError> {
    std::fs::create_dir_all(dir)?;
    let stamp = crate::calendar::utc(now_ms)
        .trim_end_matches(" UTC")
        .replace([' ', ':'], "-");
    let file = dir.join(format!("leapfrog-{stamp}.jsonl"));
    export_to(store, &file)?;
    let mut backups: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("leapfrog-") && n.ends_with(".jsonl"))
        })
        .collect();
    // The stamps sort as times do.
    backups.sort();
    let surplus = backups.len().saturating_sub(keep.max(1));
    for old in &backups[..surplus] {
        let _ = std::fs::remove_file(old);
    }
    Ok(file)
}
