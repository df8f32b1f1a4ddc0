//! Computer opponents, written against the [`Rules`](crate::games::Rules) trait: rules, scoring and search kept apart. Nothing here yet: it arrives with the AI issue.
