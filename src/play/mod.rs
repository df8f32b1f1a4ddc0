//! The platform-agnostic command layer: `Command` in, `Reply` out. Nothing here yet: it arrives with the sessions issue.
