//! One evaluation per game, written from the game's strategy: what the search stands on at
//! its horizon. Each knows its own game's rules and nothing of the search.

pub mod gyges;
mod jump_sturdy;
mod jumpers;

pub use gyges::Gyges;
pub use jump_sturdy::JumpSturdy;
pub use jumpers::Jumpers;
