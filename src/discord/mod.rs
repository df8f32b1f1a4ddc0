//! The Discord front ends (gateway bot and HTTP interactions endpoint): thin adapters from Discord payloads to play-layer commands. Nothing here yet: it arrives with the Discord issue.
