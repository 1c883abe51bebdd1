//! The SQLite file a store opened, as the file system knew it then. A file deleted or replaced
//! under a running bot leaves the open connections writing into the old, unlinked file, and
//! every move acknowledged from then on would vanish at the next start; so a store checks the
//! file (one `stat`) before each write and refuses to write once it changed.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::StoreError;

/// Which file a path named: its device and inode (Unix). Elsewhere only its existence is
/// checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileId {
    #[cfg(unix)]
    device: u64,
    #[cfg(unix)]
    inode: u64,
}

impl FileId {
    #[cfg(unix)]
    fn of(meta: &std::fs::Metadata) -> Self {
        use std::os::unix::fs::MetadataExt;
        Self { device: meta.dev(), inode: meta.ino() }
    }

    #[cfg(not(unix))]
    const fn of(_meta: &std::fs::Metadata) -> Self {
        Self {}
    }
}

/// The database file a store writes to.
#[derive(Debug)]
pub(super) struct DatabaseFile {
    path: PathBuf,
    id: FileId,
    /// Whether the operator was told that the file changed (once is enough; every refused
    /// write names it again in its own error).
    reported: AtomicBool,
}

impl DatabaseFile {
    /// The file at `path` as it is now (the store has just opened it).
    pub(super) fn opened(path: &Path) -> Result<Self, StoreError> {
        // The whole path, so that the operator's log names the file wherever Saloon runs from.
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let meta =
            std::fs::metadata(&path).map_err(|source| StoreError::FileUnchecked { path: path.clone(), source })?;
        Ok(Self { path, id: FileId::of(&meta), reported: AtomicBool::new(false) })
    }

    /// Whether the path still names the file that was opened.
    ///
    /// # Errors
    /// [`StoreError::FileDeleted`] or [`StoreError::FileReplaced`] when it does not (the first
    /// time, the operator's log says what happened and what to do);
    /// [`StoreError::FileUnchecked`] when it cannot be looked at.
    pub(super) fn check(&self) -> Result<(), StoreError> {
        let error = match std::fs::metadata(&self.path) {
            Ok(meta) if FileId::of(&meta) == self.id => return Ok(()),
            Ok(_) => StoreError::FileReplaced(self.path.clone()),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => StoreError::FileDeleted(self.path.clone()),
            Err(source) => StoreError::FileUnchecked { path: self.path.clone(), source },
        };
        if !self.reported.swap(true, Ordering::Relaxed) {
            // While this process runs, a deleted file is still readable through its open handles.
            let rescue = if matches!(error, StoreError::FileDeleted(_)) && cfg!(target_os = "linux") {
                format!(
                    " Until Saloon stops, the deleted file can still be copied from /proc/{}/fd/ (the link \
to the deleted path).",
                    std::process::id()
                )
            } else {
                String::new()
            };
            tracing::error!(
                "{error}. Saloon refuses every change from now on: it would go to a file that is no longer \
there, and be lost at the next start. Put the database file back and restart Saloon.{rescue}"
            );
        }
        Err(error)
    }
}
