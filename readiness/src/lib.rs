//! Readiness files: a server started with `--port-file` or `--ready-file` writes its bound port, then an
//! empty ready file, once it is listening. A script waits for the file to appear (no log parsing, no port
//! polling, no sleeps); each file appears whole, because it is written beside its name and then renamed.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};

/// The `--port-file` and `--ready-file` flags, shared by the BFF's `serve` and the simulators.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ReadinessFiles {
    /// Once listening, write the bound port here (decimal digits and a newline).
    #[arg(long, value_name = "PATH")]
    pub port_file: Option<PathBuf>,
    /// Once listening (and after the port files), create this empty file.
    #[arg(long, value_name = "PATH")]
    pub ready_file: Option<PathBuf>,
}

impl ReadinessFiles {
    /// Removes files a previous run left, so a waiter never takes them for this run's.
    pub fn clear(&self) -> io::Result<()> {
        for path in [&self.port_file, &self.ready_file].into_iter().flatten() {
            match std::fs::remove_file(path) {
                Err(error) if error.kind() != io::ErrorKind::NotFound => return Err(error),
                _ => {}
            }
        }
        Ok(())
    }

    /// Writes the port file, then the ready file: call it once the listener is bound.
    pub fn announce(&self, port: u16) -> io::Result<()> {
        if let Some(path) = &self.port_file {
            write_whole(path, &format!("{port}\n"))?;
        }
        if let Some(path) = &self.ready_file {
            write_whole(path, "")?;
        }
        Ok(())
    }
}

/// Writes `contents` to a sibling temporary file and renames it to `path`: readers see all of it or nothing.
pub fn write_whole(path: &Path, contents: &str) -> io::Result<()> {
    let mut partial = OsString::from(path.as_os_str());
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    std::fs::write(&partial, contents)?;
    std::fs::rename(&partial, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("limoo-readiness-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn announce_writes_the_port_and_an_empty_ready_file() {
        let dir = scratch("announce");
        let files = ReadinessFiles { port_file: Some(dir.join("port")), ready_file: Some(dir.join("ready")) };
        files.announce(40123).expect("announce");
        assert_eq!(std::fs::read_to_string(dir.join("port")).expect("port file"), "40123\n");
        assert_eq!(std::fs::read_to_string(dir.join("ready")).expect("ready file"), "");
        assert!(!dir.join("port.partial").exists());
        std::fs::remove_dir_all(dir).expect("cleanup");
    }

    #[test]
    fn clear_removes_a_previous_runs_files_and_ignores_missing_ones() {
        let dir = scratch("clear");
        let files = ReadinessFiles { port_file: Some(dir.join("port")), ready_file: Some(dir.join("ready")) };
        std::fs::write(dir.join("ready"), "").expect("stale file");
        files.clear().expect("clear");
        assert!(!dir.join("ready").exists());
        std::fs::remove_dir_all(dir).expect("cleanup");
    }
}
