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

/// A rectangle of a picture, in its pixels: the part of it a page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Area {
    /// Its left edge.
    pub x: u32,
    /// Its top edge.
    pub y: u32,
    /// Its width.
    pub width: u32,
    /// Its height.
    pub height: u32,
}

impl Layout {
    /// The same places on the picture cut to `area`: each box moved by the area's corner,
    /// the picture the area's size.
    #[must_use]
    pub fn within(self, area: Area) -> Self {
        let (dx, dy) = (area.x as f32, area.y as f32);
        Self {
            width: area.width,
            height: area.height,
            spots: self
                .spots
                .into_iter()
                .map(|spot| Spot {
                    x: spot.x - dx,
                    y: spot.y - dy,
                    ..spot
                })
                .collect(),
        }
    }
}
