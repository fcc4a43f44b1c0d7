//! A record list that keeps only its newest entries, so a simulator answering millions of requests
//! holds a bounded amount of memory. What it lets go is counted, not forgotten silently.
use std::collections::VecDeque;

use serde::Serialize;

pub(crate) struct Bounded<T> {
    items: VecDeque<T>,
    cap: usize,
    dropped: u64,
}

/// How many entries a list holds now and how many it let go, for `GET /_sim/health`.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Counts {
    pub kept: usize,
    pub dropped: u64,
}

impl<T> Bounded<T> {
    /// `cap` of 0 is taken as 1: the newest entry is always kept.
    pub fn new(cap: usize) -> Self {
        Bounded { items: VecDeque::new(), cap: cap.max(1), dropped: 0 }
    }

    /// Appends `item`, letting the oldest entry go when the list is full.
    pub fn push(&mut self, item: T) {
        if self.items.len() == self.cap {
            self.items.pop_front();
            self.dropped += 1;
        }
        self.items.push_back(item);
    }

    /// Oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> {
        self.items.iter()
    }

    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut T> {
        self.items.iter_mut()
    }

    pub fn counts(&self) -> Counts {
        Counts { kept: self.items.len(), dropped: self.dropped }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_entries_go_first_and_are_counted() {
        let mut list = Bounded::new(3);
        for n in 1..=5 {
            list.push(n);
        }
        assert_eq!(list.iter().copied().collect::<Vec<_>>(), [3, 4, 5]);
        assert_eq!(list.counts(), Counts { kept: 3, dropped: 2 });
    }
}
