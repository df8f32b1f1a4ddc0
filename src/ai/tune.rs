//! Fitting an evaluation's weights to the results of games (`leapfrog tune`): every
//! position of the engine's games against itself is a sample, its features (as the
//! evaluation sees them, "mine less theirs" for the side to move) and the game's result
//! for the side to move. The weights that make the logistic of the evaluation the best
//! forecast of the results (the least log loss) are the fitted ones: a term the results
//! do not bear out fades toward zero, and one they do grows, whatever a guess had said.

/// One position of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The evaluation's features for the side to move.
    pub features: Vec<i32>,
    /// What the side to move scored in the end: 1 won, ½ drawn, 0 lost.
    pub result: f64,
}

/// The evaluation's scale: a score of `SCALE` hundredths of a man forecasts a win about
/// 73 % of the time. It is the scale [`super::review`] reads scores with, so fitted weights
/// make the analysis's winning chances honest ones.
pub const SCALE: f64 = 250.0;

fn forecast(weights: &[f64], features: &[i32]) -> f64 {
    let score: f64 = weights
        .iter()
        .zip(features)
        .map(|(w, &f)| w * f64::from(f))
        .sum();
    1.0 / (1.0 + (-score / SCALE).exp())
}

/// The mean log loss of `weights` over `samples`: what [`fit`] makes as small as it can.
#[must_use]
pub fn log_loss(samples: &[Sample], weights: &[f64]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = forecast(weights, &s.features).clamp(1e-9, 1.0 - 1e-9);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The weights, starting from `start`, that minimise [`log_loss`] over `samples`: full
/// gradient steps with Adam's step sizes (the features' ranges differ a hundredfold, a
/// plain step would suit one and not the other), `rounds` of them.
#[must_use]
pub fn fit(samples: &[Sample], start: &[f64], rounds: u32) -> Vec<f64> {
    const RATE: f64 = 0.5;
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    let n = start.len();
    let mut weights = start.to_vec();
    let mut first = vec![0.0; n];
    let mut second = vec![0.0; n];
    for round in 1..=rounds {
        let mut gradient = vec![0.0; n];
        for sample in samples {
            let error = forecast(&weights, &sample.features) - sample.result;
            for (g, &f) in gradient.iter_mut().zip(&sample.features) {
                *g += error * f64::from(f) / SCALE;
            }
        }
        let count = samples.len().max(1) as f64;
        for i in 0..n {
            let g = gradient[i] / count;
            first[i] = BETA1 * first[i] + (1.0 - BETA1) * g;
            second[i] = BETA2 * second[i] + (1.0 - BETA2) * g * g;
            let m = first[i] / (1.0 - BETA1.powi(round as i32));
            let v = second[i] / (1.0 - BETA2.powi(round as i32));
            weights[i] -= RATE * m / (v.sqrt() + 1e-9);
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_finds_the_weights_the_results_were_drawn_with() {
        // Results drawn from known weights (a feature that matters, one that does not):
        // the fit recovers them, and its loss is no worse than theirs.
        let truth = [40.0, 0.0];
        let mut samples = Vec::new();
        let mut state = 7u64;
        for _ in 0..4000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let a = (state >> 33) as i32 % 11 - 5;
            let b = (state >> 20) as i32 % 7 - 3;
            let p = forecast(&truth, &[a, b]);
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let roll = (state >> 11) as f64 / (1u64 << 53) as f64;
            samples.push(Sample {
                features: vec![a, b],
                result: if roll < p { 1.0 } else { 0.0 },
            });
        }
        let fitted = fit(&samples, &[0.0, 0.0], 600);
        assert!((fitted[0] - 40.0).abs() < 8.0, "{fitted:?}");
        assert!(fitted[1].abs() < 8.0, "{fitted:?}");
        assert!(log_loss(&samples, &fitted) <= log_loss(&samples, &truth) + 1e-6);
        assert!(log_loss(&samples, &fitted) < log_loss(&samples, &[0.0, 0.0]));
    }
}
