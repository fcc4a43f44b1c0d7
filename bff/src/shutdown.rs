//! Stopping the service. SIGTERM (a rolling deploy, systemd's stop) or Ctrl-C: the listener stops accepting,
//! requests in flight and the sweeper's current payment finish up to `SHUTDOWN_GRACE_SECONDS`, and the process
//! exits with success, so a deploy that replaces replicas one after the other loses no request.
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

/// Resolves at the first SIGTERM or SIGINT (Ctrl-C).
pub async fn signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        let terminate = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut terminate) => {
                    terminate.recv().await;
                }
                Err(error) => {
                    tracing::warn!(%error, "cannot listen for SIGTERM; Ctrl-C still stops the service");
                    std::future::pending::<()>().await;
                }
            }
        };
        tokio::select! { () = interrupt => {}, () = terminate => {} }
    }
    #[cfg(not(unix))]
    interrupt.await;
    tracing::info!("stopping: no new connections; finishing the requests in flight");
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
