//! The listener's guard against slow and idle clients: a cap on connections served at once, and deadlines on the
//! wait for a request's headers and for the next request of a kept-alive connection.
//!
//! poem 3.1's `Server` offers only `idle_timeout`, which counts from the last byte read: headers sent a line every
//! few seconds keep it waiting for ever, and its hyper builder sets no header-read timeout (hyper's needs a timer
//! poem does not give it). So each accepted socket is wrapped here. HTTP/1 framing is simple enough to follow from
//! the bytes alone: a request's headers end at the first blank line (`\r\n\r\n`), and the server writing means a
//! request was answered. The body's own deadline is kept where the body is read (`body_limit`), which knows its
//! length; no deadline runs while an operation works (a gateway call may take 40 s).
use std::{
    io,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll, Waker},
    time::Duration,
};

use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    sync::{OwnedSemaphorePermit, Semaphore},
    time::{Instant, Sleep},
};

use crate::config::ConnectionSettings;

/// The cap on connections served at once: the acceptor takes a permit before it accepts, so past the cap new
/// connections wait in the kernel's listen queue instead of each holding a task and its buffers.
#[derive(Clone)]
pub struct ConnectionCap(Arc<Semaphore>);

impl ConnectionCap {
    pub fn new(max_connections: usize) -> Self {
        ConnectionCap(Arc::new(Semaphore::new(max_connections.max(1))))
    }

    pub async fn admit(&self) -> OwnedSemaphorePermit {
        Arc::clone(&self.0).acquire_owned().await.expect("the connection cap is never closed")
    }
}

/// Where the connection is in its request cycle, as its bytes show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Waiting for a request's first byte: on a new connection up to the header deadline, after an answer up to the
    /// idle deadline.
    Waiting,
    /// Some of a request's headers arrived; the rest must come before the header deadline.
    ReadingHead,
    /// The headers arrived: the body's deadline is the body reader's, and the operation may take its time.
    InRequest,
}

/// A socket that fails its reads once the client takes too long to send what the server waits for; hyper then
/// closes the connection.
pub struct Guarded<T> {
    inner: T,
    phase: Phase,
    /// No byte read yet: the header deadline runs from the connect.
    fresh: bool,
    /// The last bytes read while in a request's head, to find a `\r\n\r\n` split across reads.
    tail: [u8; 3],
    tail_len: usize,
    deadline: Pin<Box<Sleep>>,
    header_read: Duration,
    idle: Duration,
    /// The task last waiting to read: a write starts the idle deadline, whose timer only a read registers, so that
    /// read is woken to register it.
    reader: Option<Waker>,
    _permit: OwnedSemaphorePermit,
}

impl<T> Guarded<T> {
    pub fn new(inner: T, settings: &ConnectionSettings, permit: OwnedSemaphorePermit) -> Self {
        let header_read = settings.header_read_timeout();
        Guarded {
            inner,
            phase: Phase::Waiting,
            fresh: true,
            tail: [0; 3],
            tail_len: 0,
            deadline: Box::pin(tokio::time::sleep(header_read)),
            header_read,
            idle: settings.idle_timeout(),
            reader: None,
            _permit: permit,
        }
    }

    /// Follows the request cycle through bytes just read.
    fn saw_read(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if self.phase == Phase::Waiting {
            // The header deadline counts from the first byte of a kept-alive connection's next request; a new
            // connection's started at the connect and keeps running.
            if !self.fresh {
                self.deadline.as_mut().reset(Instant::now() + self.header_read);
            }
            self.fresh = false;
            self.phase = Phase::ReadingHead;
            self.tail_len = 0;
        }
        if self.phase == Phase::ReadingHead && self.ends_head(bytes) {
            self.phase = Phase::InRequest;
        }
    }

    /// Whether the bytes (after those kept from earlier reads) hold the blank line that ends a request's headers.
    fn ends_head(&mut self, bytes: &[u8]) -> bool {
        let mut joined = Vec::with_capacity(self.tail_len + bytes.len());
        joined.extend_from_slice(&self.tail[..self.tail_len]);
        joined.extend_from_slice(bytes);
        if joined.windows(4).any(|window| window == b"\r\n\r\n") {
            return true;
        }
        let keep = joined.len().min(3);
        self.tail[..keep].copy_from_slice(&joined[joined.len() - keep..]);
        self.tail_len = keep;
        false
    }

    /// The server writes: a request is being answered, and the connection now waits for the next one.
    fn saw_write(&mut self) {
        self.phase = Phase::Waiting;
        self.fresh = false;
        self.deadline.as_mut().reset(Instant::now() + self.idle);
        if let Some(reader) = self.reader.take() {
            reader.wake();
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Guarded<T> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if this.phase != Phase::InRequest {
                    this.saw_read(&buf.filled()[before..]);
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
            Poll::Pending if this.phase == Phase::InRequest => {
                this.reader = Some(cx.waker().clone());
                Poll::Pending
            }
            Poll::Pending => match this.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    let waited_for = if this.phase == Phase::ReadingHead { "headers" } else { "a request" };
                    tracing::debug!(waited_for, "closing a connection that sent nothing in time");
                    Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the client sent nothing in time")))
                }
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Guarded<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            self.saw_write();
        }
        written
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            self.saw_write();
        }
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guarded() -> Guarded<()> {
        let settings = ConnectionSettings {
            header_read_timeout_seconds: 1,
            body_read_timeout_seconds: 1,
            idle_timeout_seconds: 1,
            max_connections: 1,
        };
        let permit = Arc::new(Semaphore::new(1)).try_acquire_owned().unwrap();
        Guarded::new((), &settings, permit)
    }

    #[tokio::test]
    async fn the_blank_line_ends_the_head_even_split_across_reads() {
        let mut connection = guarded();
        connection.saw_read(b"GET / HTTP/1.1\r\nHost: x\r");
        assert_eq!(connection.phase, Phase::ReadingHead);
        connection.saw_read(b"\n\r");
        assert_eq!(connection.phase, Phase::ReadingHead);
        connection.saw_read(b"\n");
        assert_eq!(connection.phase, Phase::InRequest);
        connection.saw_read(b"body bytes\r\n\r\n");
        assert_eq!(connection.phase, Phase::InRequest, "a body is not a head");
        connection.saw_write();
        assert_eq!(connection.phase, Phase::Waiting);
        connection.saw_read(b"GET / HTTP/1.1\r\n\r\n");
        assert_eq!(connection.phase, Phase::InRequest);
    }
}
