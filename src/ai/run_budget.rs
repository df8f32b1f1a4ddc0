//! What a goal-run search may spend: positions, and a time it must stop by. A count of
//! positions keeps tests and analyses repeatable; the clock keeps a move's check inside the
//! move's time, since one position can cost a few microseconds or a few hundred (a crowded
//! board with displacement has hundreds of answers to each threat).

use std::time::Instant;

/// How many positions pass between looks at the clock.
const CLOCK_EVERY: u32 = 64;

/// A goal-run search's allowance: see [`crate::ai::search::Evaluator::goal_run`]. Running
/// out finds nothing, so a run found is always a proof.
#[derive(Clone, Copy, Debug)]
pub struct RunBudget {
    positions: u64,
    until: Option<Instant>,
    since_clock: u32,
}

impl RunBudget {
    /// At most `positions` positions, with no clock.
    #[must_use]
    pub fn positions(positions: u64) -> Self {
        Self {
            positions,
            until: None,
            since_clock: 0,
        }
    }

    /// The same, stopping at `until` too.
    #[must_use]
    pub fn until(self, until: Option<Instant>) -> Self {
        Self { until, ..self }
    }

    /// Takes one position: false once the positions or the time are spent.
    pub fn spend(&mut self) -> bool {
        if self.positions == 0 {
            return false;
        }
        self.positions -= 1;
        self.since_clock += 1;
        if self.since_clock >= CLOCK_EVERY {
            self.since_clock = 0;
            if self.until.is_some_and(|end| Instant::now() >= end) {
                self.positions = 0;
                return false;
            }
        }
        true
    }

    /// Positions left (none once the time is out).
    #[must_use]
    pub fn left(&self) -> u64 {
        self.positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_of_positions_is_spent_one_at_a_time() {
        let mut budget = RunBudget::positions(3);
        assert!(budget.spend() && budget.spend() && budget.spend());
        assert!(!budget.spend());
        assert_eq!(budget.left(), 0);
    }

    #[test]
    fn a_budget_past_its_time_runs_out_at_the_next_look_at_the_clock() {
        let mut budget = RunBudget::positions(u64::MAX).until(Some(Instant::now()));
        let spent = (0..1000).take_while(|_| budget.spend()).count();
        assert_eq!(spent, CLOCK_EVERY as usize - 1);
        assert_eq!(budget.left(), 0);
    }
}
