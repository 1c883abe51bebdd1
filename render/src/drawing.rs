//! What a picture drew, kept beside its pixels: every line of text with the box its ink
//! covers, and the panels (and cards, tiles, chips) that text must sit inside. The limits
//! test reads it to find text that is clipped, overlaps other text or is too small to read
//! on a phone; drawing records it as it goes, at the cost of a few hundred small pushes.

/// A rectangle in layout units (picture pixels at [`crate::canvas::SCALE`] 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// Left edge.
    pub left: f32,
    /// Top edge.
    pub top: f32,
    /// Right edge.
    pub right: f32,
    /// Bottom edge.
    pub bottom: f32,
}

impl Area {
    /// The area from its left, top, width and height.
    #[must_use]
    pub fn new(left: f32, top: f32, width: f32, height: f32) -> Self {
        Self { left, top, right: left + width, bottom: top + height }
    }

    /// Width.
    #[must_use]
    pub fn width(&self) -> f32 {
        self.right - self.left
    }

    /// Height.
    #[must_use]
    pub fn height(&self) -> f32 {
        self.bottom - self.top
    }

    /// Whether the two share more than `slack` pixels both across and down.
    #[must_use]
    pub fn overlaps(&self, other: &Self, slack: f32) -> bool {
        let across = self.right.min(other.right) - self.left.max(other.left);
        let down = self.bottom.min(other.bottom) - self.top.max(other.top);
        across > slack && down > slack
    }

    /// Whether `other` lies inside this area, give or take `slack` pixels.
    #[must_use]
    pub fn contains(&self, other: &Self, slack: f32) -> bool {
        other.left >= self.left - slack
            && other.top >= self.top - slack
            && other.right <= self.right + slack
            && other.bottom <= self.bottom + slack
    }

    /// Whether `other` crosses this area's edge: partly in, partly out.
    #[must_use]
    pub fn straddles(&self, other: &Self, slack: f32) -> bool {
        self.overlaps(other, slack) && !self.contains(other, slack)
    }
}

/// How much a line of text matters to a player deciding what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Needed to decide: whose turn, what is asked, scores, one's own pieces and cards.
    Essential,
    /// A help beside what is drawn (a card's Western name, a coordinate along the edge).
    Aid,
}

/// One line of text as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct TextBox {
    /// What it says.
    pub text: String,
    /// Its size in pixels per em.
    pub size: u16,
    /// Whether a player needs it.
    pub role: Role,
    /// The box its ink covers; `None` for a line with no ink (spaces).
    pub ink: Option<Area>,
}

/// A picture and what was drawn on it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    /// The PNG file.
    pub png: Vec<u8>,
    /// Width in layout units (the PNG is `ceil(width × scale)` pixels wide).
    pub width: u32,
    /// Height in layout units.
    pub height: u32,
    /// Pixels per layout unit: the PNG's size over the layout's. Text sizes, text boxes and
    /// panels are in layout units.
    pub scale: f32,
    /// Every line of text, in drawing order.
    pub texts: Vec<TextBox>,
    /// Every panel, card, tile or chip that text is written in.
    pub panels: Vec<Area>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_overlap_contain_and_straddle() {
        let panel = Area::new(0.0, 0.0, 100.0, 50.0);
        let inside = Area::new(10.0, 10.0, 20.0, 10.0);
        let across = Area::new(90.0, 10.0, 20.0, 10.0);
        let away = Area::new(200.0, 10.0, 20.0, 10.0);
        assert!(panel.contains(&inside, 0.0) && !panel.straddles(&inside, 0.0));
        assert!(panel.straddles(&across, 0.0) && !panel.contains(&across, 0.0));
        assert!(!panel.overlaps(&away, 0.0) && !panel.straddles(&away, 0.0));
        let touching = Area::new(100.0, 0.0, 10.0, 10.0);
        assert!(!panel.overlaps(&touching, 0.0), "sharing an edge is not overlapping");
        assert_eq!((inside.width(), inside.height()), (20.0, 10.0));
    }
}
