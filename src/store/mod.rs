//! Where games live: the `Store` trait and its sled implementation. Nothing here yet: it arrives with the sessions issue.
