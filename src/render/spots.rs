//! Where on a board picture each place a player may tap is: a page lays its tap targets
//! over the picture with these, so a tap lands where the picture shows the cell. Each
//! drawer says where its own cells are (from the same constants it draws with), so the
//! targets cannot drift from the picture.

use serde::Serialize;

use super::canvas::Point;

/// A place on the picture, named as the game's notation names it (`e3`, `goal`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spot {
    /// The notation's name of the place.
    pub name: String,
    /// Its box's left edge, in the picture's pixels.
    pub x: f32,
    /// Its box's top edge.
    pub y: f32,
    /// Its box's width.
    pub w: f32,
    /// Its box's height.
    pub h: f32,
}

impl Spot {
    /// A square box of side `side` around `centre`.
    #[must_use]
    pub fn around(name: String, centre: Point, side: f32) -> Self {
        Self {
            name,
            x: centre.x - side / 2.0,
            y: centre.y - side / 2.0,
            w: side,
            h: side,
        }
    }
}

/// A picture's size and its places.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Layout {
    /// The picture's width in pixels.
    pub width: u32,
    /// Its height.
    pub height: u32,
    /// The places a tap may choose (none where a game is played by buttons: Skakanie).
    pub spots: Vec<Spot>,
}

impl Layout {
    /// The same places on the picture cut at `top` (its rows above dropped): each box moved
    /// up by `top`, the picture shorter by as much.
    #[must_use]
    pub fn below(self, top: u32) -> Self {
        let shift = top as f32;
        Self {
            width: self.width,
            height: self.height.saturating_sub(top),
            spots: self
                .spots
                .into_iter()
                .map(|spot| Spot {
                    y: spot.y - shift,
                    ..spot
                })
                .collect(),
        }
    }
}
