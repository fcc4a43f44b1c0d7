//! Stopping the service. SIGTERM (a rolling deploy, systemd's stop) or Ctrl-C: the listener stops accepting, the
//! answers close their connections for `SHUTDOWN_DRAIN_SECONDS` (a second signal ends that at once), requests in
//! flight and the sweeper's current payment finish up to `SHUTDOWN_GRACE_SECONDS`, and the process exits with
//! success, so a deploy that replaces replicas one after the other loses no request.
use tokio::sync::watch;

/// Told when the service is stopping: background work looks at it between two units of work (two payments).
#[derive(Clone, Debug)]
pub struct Stopping(watch::Receiver<bool>);

/// Tells every [`Stopping`] made with it.
#[derive(Debug)]
pub struct Stop(watch::Sender<bool>);

pub fn channel() -> (Stop, Stopping) {
    let (sender, receiver) = watch::channel(false);
    (Stop(sender), Stopping(receiver))
}

impl Stop {
    pub fn now(&self) {
        self.0.send_replace(true);
    }
}

impl Stopping {
    /// For work run once rather than in the service's background (a test's sweep, a command).
    pub fn never() -> Stopping {
        channel().1
    }

    pub fn requested(&self) -> bool {
        *self.0.borrow()
    }

    /// Resolves once stopping is asked; never for [`Stopping::never`].
    pub async fn asked(&mut self) {
        if self.0.wait_for(|stopping| *stopping).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// SIGTERM and SIGINT (Ctrl-C), listened for from the start so that none sent while the service stops is missed:
/// the first stops it, a second ends its drain at once.
pub struct Signals {
    #[cfg(unix)]
    terminate: Option<tokio::signal::unix::Signal>,
    #[cfg(unix)]
    interrupt: Option<tokio::signal::unix::Signal>,
}

impl Signals {
    pub fn listen() -> Signals {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let listen = |kind: SignalKind, name: &str| match signal(kind) {
                Ok(signal) => Some(signal),
                Err(error) => {
                    tracing::warn!(%error, "cannot listen for {name}");
                    None
                }
            };
            Signals {
                terminate: listen(SignalKind::terminate(), "SIGTERM"),
                interrupt: listen(SignalKind::interrupt(), "SIGINT"),
            }
        }
        #[cfg(not(unix))]
        Signals {}
    }

    /// Resolves at the next SIGTERM or SIGINT.
    pub async fn next(&mut self) {
        #[cfg(unix)]
        {
            async fn received(signal: &mut Option<tokio::signal::unix::Signal>) {
                match signal {
                    Some(signal) => {
                        signal.recv().await;
                    }
                    None => std::future::pending().await,
                }
            }
            tokio::select! { () = received(&mut self.terminate) => {}, () = received(&mut self.interrupt) => {} }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn stopping_is_seen_by_every_copy_once_asked() {
        let (stop, stopping) = channel();
        let mut copy = stopping.clone();
        assert!(!stopping.requested());
        stop.now();
        copy.asked().await;
        assert!(stopping.requested() && copy.requested());
    }

    #[tokio::test]
    async fn never_is_never_asked() {
        let mut never = Stopping::never();
        assert!(!never.requested());
        // Polled once, first: a sweep run once is never told to stop.
        tokio::select! {
            biased;
            () = never.asked() => panic!("never was asked to stop"),
            () = std::future::ready(()) => {}
        }
    }
}
