//! PNG encoding tuned for board pictures: a few hundred colours (flat fills plus their
//! anti-aliased edges), so an indexed PNG holds them exactly or nearly so at a third of the
//! raw size, and a fast deflate (level 1) then brings an 800 px board to ~50 KB. A picture
//! drawn over a prepared background is read only where something was drawn on it: the rest
//! takes the background's colours, analysed once. RGB with the same deflate is 2.5× larger
//! and slower.

use image::RgbaImage;

/// Colours are grouped by their top 4 bits per channel: a bucket's palette entry is the
/// average of the colours in it, weighted by pixel count, so a flat fill keeps its exact
/// colour and its anti-aliasing neighbours merge at most 16 levels away (invisible on an
/// edge pixel). With 5 bits a board has ~450 buckets and needs the slower nearest-colour
/// pass; with 4 it has 150–250.
const BUCKET_BITS: u32 = 4;
const UNSET: u16 = u16::MAX;
/// Pixels [`Analysis::read`] counts in its lanes before adding them to the buckets: a
/// lane's colour sums stay below 255 times this, well inside a `u32`.
const LANE_LIMIT: usize = 1 << 22;
/// One pixel in this many of the parts drawn over a background is added to the colour
/// sums ([`Analysis::read_tile`]).
const SAMPLE: usize = 4;

/// One bucket of similar colours met in the picture.
#[derive(Clone, Copy, Default)]
struct Bucket {
    pixels: u32,
    sum: [u64; 3],
    /// The colour the bucket was made for, its colour if no pixel of it was summed.
    first: [u8; 3],
}

impl Bucket {
    fn colour(&self) -> [u8; 3] {
        if self.pixels == 0 {
            return self.first;
        }
        let n = u64::from(self.pixels);
        self.sum.map(|s| ((s + n / 2) / n) as u8)
    }
}

/// How many colour keys there are: [`BUCKET_BITS`] bits of each channel.
const KEYS: usize = 1 << (3 * BUCKET_BITS);

/// The bucket of a colour packed as `0x00bbggrr`: the top bits of red, green, blue.
#[inline(always)]
fn key(rgb: u32) -> usize {
    let (shift, mask) = (8 - BUCKET_BITS, (1 << BUCKET_BITS) - 1);
    let channel = |i: u32| ((rgb >> (8 * i + shift)) & mask) as usize;
    (channel(0) << (2 * BUCKET_BITS)) | (channel(1) << BUCKET_BITS) | channel(2)
}

/// How [`quantise`] lays out its rows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// Row after row, a byte per pixel (a GIF frame).
    Plain,
    /// PNG's filtered rows: a row of its own is led by filter type None (0); a row equal to
    /// the one above by type Up (2) and all zeros, which deflate takes in long strides.
    Png,
}

/// PNG's filter type Up: each byte is sent as its difference from the byte above (rows of
/// their own get type None, 0).
const FILTER_UP: u8 = 2;

/// Pixels per tile of [`Canvas`](super::canvas::Canvas)'s record of what was drawn over
/// its background: a bit per tile and row, 64 tiles a row (the last one stretches to the
/// row's end).
pub const TILE: usize = 32;

/// The tiles `from..to` (pixels, `from < to`) of a row's record, as bits.
#[must_use]
pub fn tiles(from: usize, to: usize) -> u64 {
    let (first, last) = ((from / TILE).min(63), ((to - 1) / TILE).min(63));
    (u64::MAX >> (63 - last)) & (u64::MAX << first)
}

/// The tiles of a row `width` pixels wide, as pixel ranges, and whether `mask` has them
/// drawn on.
pub fn spans(mask: u64, width: usize) -> impl Iterator<Item = (usize, usize, bool)> {
    (0..64usize)
        .map(move |t| {
            let to = if t == 63 { width } else { (t + 1) * TILE };
            (t * TILE, to.min(width), mask & (1 << t) != 0)
        })
        .take_while(move |&(from, _, _)| from < width)
}

/// The end of the run of pixels equal to pixel `from` in `row` (RGBA bytes): a lone pixel
/// (an edge's shade) is answered at once, a long run (a flat fill) eight pixels at a time.
fn run_end(row: &[u8], from: usize) -> usize {
    let width = row.len() / 4;
    let pixel = &row[from * 4..from * 4 + 4];
    let mut end = from + 1;
    if end < width && &row[end * 4..end * 4 + 4] == pixel {
        let mut pattern = [0u8; 32];
        for chunk in pattern.chunks_exact_mut(4) {
            chunk.copy_from_slice(pixel);
        }
        while end + 8 <= width && row[end * 4..end * 4 + 32] == pattern {
            end += 8;
        }
        while end < width && &row[end * 4..end * 4 + 4] == pixel {
            end += 1;
        }
    }
    end
}

/// One pixel of colour `0x00bbggrr` as a lane's fields: 1 (a pixel), then its red, green
/// and blue, 32 bits each.
fn pixel_fields(rgb: u32) -> u128 {
    let [r, g, b, _] = rgb.to_le_bytes();
    1 | u128::from(r) << 32 | u128::from(g) << 64 | u128::from(b) << 96
}

/// The tiles a row `width` pixels wide has, as bits.
fn row_mask(width: usize) -> u64 {
    spans(u64::MAX, width).fold(0, |mask, _| (mask << 1) | 1)
}

/// A picture's colours sorted into buckets: each pixel's bucket, and what each bucket holds.
/// A background's is made once ([`Analysis::of`]) and shared by every picture drawn over it.
#[derive(Clone, Default)]
pub struct Analysis {
    /// Each colour key's bucket, or [`UNSET`].
    bucket_of: Vec<u16>,
    buckets: Vec<Bucket>,
    /// Each pixel's bucket, row after row.
    ids: Vec<u16>,
    /// Which rows equal the one above.
    repeated: Vec<bool>,
    /// Each pixel's bucket as a palette entry, for a background (whose buckets, at most
    /// 256 of them, come first in every picture drawn over it, and keep their numbers as
    /// entries): the parts not drawn on are copied from here as they are.
    entries: Vec<u8>,
    /// Counts of [`Analysis::read`] not yet added to `buckets`: pixels and colour sums per
    /// bucket, in four lanes.
    lanes: Vec<[u128; 4]>,
    /// [`Analysis::read`]'s record, per row, of the tiles equal to the tile above.
    same_above: Vec<u64>,
}

impl Analysis {
    /// The analysis of a whole picture (a background, prepared once).
    #[must_use]
    pub fn of(image: &RgbaImage) -> Self {
        let mut analysis = Self {
            bucket_of: vec![UNSET; KEYS],
            buckets: Vec::with_capacity(512),
            ..Self::default()
        };
        analysis.read(image, None);
        if analysis.buckets.len() <= 256 {
            analysis.entries = analysis.ids.iter().map(|&id| id as u8).collect();
        }
        analysis
    }

    /// Sorts `image`'s pixels into buckets, into `self.ids`, continuing the buckets already
    /// held, and notes which rows equal the one above. With a `base` (the analysis of the
    /// background `image` was drawn over, whose buckets `self` starts from, and which tiles
    /// of each row were drawn on since), only the tiles drawn on are read: the rest take
    /// the background's buckets. On a board, what is drawn covers a part of the picture,
    /// and most anti-aliased edges (the costly part) are the board's own. Their colours are
    /// already counted in the base's buckets (those drawn over too, so averages lean a
    /// little towards the background: the same colours, in a bucket narrower than
    /// anti-aliasing can tell).
    ///
    /// A picture over a background is read a column of tiles at a time, down the rows: a
    /// tile equal to the one above (most of them: flat fills, the straight sides of pieces
    /// and squares, bands of a picture) is compared, not read, and takes the buckets of the
    /// one above, its pixels counted with it. A picture of its own is read likewise a whole
    /// row at a time.
    fn read(&mut self, image: &RgbaImage, base: Option<(&Analysis, &[u64])>) {
        let raw = image.as_raw();
        let width = (image.width() as usize).max(1);
        let height = raw.len() / (width * 4);
        // Every pixel is written below: the buffer is only sized, not cleared.
        self.ids.resize(height * width, 0);
        self.lanes.clear();
        self.lanes.resize(self.buckets.len(), [0; 4]);
        let drawn = |y: usize| base.map_or(u64::MAX, |(_, drawn)| drawn[y]);
        // Per row, the tiles drawn on that equal the tile above, drawn on too.
        let mut same_above = std::mem::take(&mut self.same_above);
        same_above.clear();
        same_above.resize(height, 0);
        let mut counted = 0;
        // A whole picture is read a row at a time: it has no tiles drawn on, and its rows
        // repeat whole or not at all.
        let tiles: Vec<(usize, usize, bool)> = match base {
            Some(_) => spans(0, width).collect(),
            None => vec![(0, width, false)],
        };
        for (t, &(from, to, _)) in tiles.iter().enumerate() {
            let bit = 1u64 << t;
            let tile = |y: usize| &raw[(y * width + from) * 4..(y * width + to) * 4];
            let mut y = 0;
            while y < height {
                if drawn(y) & bit == 0 {
                    y += 1;
                    continue;
                }
                let mut repeats = 1;
                while y + repeats < height
                    && drawn(y + repeats) & bit != 0
                    && tile(y + repeats) == tile(y)
                {
                    same_above[y + repeats] |= bit;
                    repeats += 1;
                }
                if base.is_some() {
                    self.read_tile(tile(y), y * width + from, y, repeats);
                } else {
                    self.read_runs(tile(y), y * width, repeats);
                }
                let start = y * width + from;
                for copy in 1..repeats {
                    self.ids
                        .copy_within(start..start + to - from, start + copy * width);
                }
                counted += (to - from) * repeats;
                if counted > LANE_LIMIT {
                    self.fold_lanes();
                    counted = 0;
                }
                y += repeats;
            }
        }
        self.fold_lanes();
        // A row equals the one above where the background's does, the same tiles are drawn
        // on in both, and each of those equals the one above.
        self.repeated.clear();
        self.repeated.extend((0..height).map(|y| match base {
            None => same_above[y] == 1,
            Some((b, drawn)) => {
                y > 0
                    && b.repeated[y]
                    && drawn[y] == drawn[y - 1]
                    && same_above[y] == drawn[y] & row_mask(width)
            }
        }));
        self.same_above = same_above;
    }

    /// Reads one tile's row of pixels (`pixels`, RGBA), the first at `at` in `self.ids`,
    /// the tile's row being row `y` of the picture, counting each `repeats` times.
    ///
    /// Every pixel gets its bucket, but only one in [`SAMPLE`] is added to the bucket's
    /// colour sums (weighted to stand for the others): the sums only choose each bucket's
    /// palette colour, an average that a sample gives as well, and adding is most of the
    /// cost of a pixel. The samples run diagonally, so a thin vertical line is sampled too;
    /// a bucket that no sample met takes the colour it was first seen with.
    /// Without branching on where runs of one colour end (the short runs of edges and
    /// pictures would mispredict at every end); samples count in lanes by column, so
    /// neighbours of one colour never wait on each other's sums.
    fn read_tile(&mut self, pixels: &[u8], at: usize, y: usize, repeats: usize) {
        let ids = &mut self.ids[at..at + pixels.len() / 4];
        // As an array, so the look-ups of keys (all below KEYS) need no bounds checks.
        let bucket_of: &mut [u16; KEYS] = (&mut self.bucket_of[..])
            .try_into()
            .expect("a bucket number per key");
        for (p, id) in pixels.chunks_exact(4).zip(ids.iter_mut()) {
            let rgb = u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
            *id = Self::bucket(bucket_of, &mut self.buckets, &mut self.lanes, rgb);
        }
        let weight = (SAMPLE * repeats) as u128;
        // Tiles start on a multiple of SAMPLE, so the column in the tile decides.
        let first = (SAMPLE - y % SAMPLE) % SAMPLE;
        for x in (first..ids.len()).step_by(SAMPLE) {
            let p = &pixels[x * 4..x * 4 + 3];
            let rgb = u32::from_le_bytes([p[0], p[1], p[2], 0]);
            self.lanes[usize::from(ids[x])][(x / SAMPLE) & 3] += pixel_fields(rgb) * weight;
        }
    }

    /// Reads a whole row like [`Analysis::read_tile`], a run of one colour at a time: a
    /// picture of its own (a background, a replay's frame) is mostly long flat runs, where
    /// one look-up and one sum per run beat a sum per pixel.
    fn read_runs(&mut self, pixels: &[u8], at: usize, repeats: usize) {
        let ids = &mut self.ids[at..at + pixels.len() / 4];
        let mut x = 0;
        while x < ids.len() {
            let end = run_end(pixels, x);
            let rgb = u32::from_le_bytes([pixels[x * 4], pixels[x * 4 + 1], pixels[x * 4 + 2], 0]);
            let bucket = Self::bucket(&mut self.bucket_of, &mut self.buckets, &mut self.lanes, rgb);
            ids[x..end].fill(bucket);
            self.lanes[usize::from(bucket)][0] += pixel_fields(rgb) * ((end - x) * repeats) as u128;
            x = end;
        }
    }

    /// The bucket of colour `rgb`, made (with its lanes) on first sight. Takes the fields,
    /// not `self`, so a caller may hold `self.ids` meanwhile.
    #[inline(always)]
    fn bucket(
        bucket_of: &mut [u16],
        buckets: &mut Vec<Bucket>,
        lanes: &mut Vec<[u128; 4]>,
        rgb: u32,
    ) -> u16 {
        match bucket_of[key(rgb)] {
            UNSET => Self::new_bucket(bucket_of, buckets, lanes, rgb),
            bucket => bucket,
        }
    }

    /// A new bucket for colour `rgb` (the alpha byte ignored), whose key has none yet.
    #[cold]
    #[inline(never)]
    fn new_bucket(
        bucket_of: &mut [u16],
        buckets: &mut Vec<Bucket>,
        lanes: &mut Vec<[u128; 4]>,
        rgb: u32,
    ) -> u16 {
        let bucket = buckets.len() as u16;
        bucket_of[key(rgb)] = bucket;
        let [r, g, b, _] = rgb.to_le_bytes();
        buckets.push(Bucket {
            first: [r, g, b],
            ..Bucket::default()
        });
        lanes.push([0; 4]);
        bucket
    }

    /// Adds the lanes' counts to the buckets' totals and clears them.
    fn fold_lanes(&mut self) {
        for (bucket, lanes) in self.buckets.iter_mut().zip(&mut self.lanes) {
            for lane in lanes.iter_mut() {
                let field = |i: u32| u64::from((*lane >> (32 * i)) as u32);
                bucket.pixels += field(0) as u32;
                for (i, s) in (1..).zip(bucket.sum.iter_mut()) {
                    *s += field(i);
                }
                *lane = 0;
            }
        }
    }
}

/// What [`quantise`] keeps between calls on one thread, so a picture costs no fresh
/// (page-faulting) memory: its buckets, and for PNGs the filtered rows and deflate.
struct Scratch {
    analysis: Analysis,
    rows: Vec<u8>,
    deflate: flate2::Compress,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch {
        analysis: Analysis::default(),
        rows: Vec::new(),
        deflate: flate2::Compress::new(flate2::Compression::new(1), true),
    });
}

/// Reduces the picture to a palette, each pixel's entry written to `pixels` (resized
/// to fit), and returns the palette. Alpha is ignored: board pictures are opaque.
///
/// The picture is read as runs of one colour (flat fills are the rule, so a bucket is
/// looked up once per run and its entry written as one fill), and each distinct row once
/// (most rows inside a board square repeat the one above); see [`Analysis::read`] for what
/// a `base` saves. Buckets are numbered in order of first sight, which is the palette when
/// there are at most 256 (most boards); past that the 256 most used keep an entry and the
/// rare rest (edge shades) take their nearest.
fn quantise(
    image: &RgbaImage,
    base: Option<(&Analysis, &[u64])>,
    layout: Layout,
    pixels: &mut Vec<u8>,
    scratch: &mut Scratch,
) -> Vec<u8> {
    let height = image.height() as usize;
    let base = base.filter(|(b, drawn)| {
        b.ids.len() == image.width() as usize * height && drawn.len() == height
    });
    let analysis = &mut scratch.analysis;
    analysis.bucket_of.clear();
    analysis.buckets.clear();
    match base {
        Some((b, _)) => {
            analysis.bucket_of.extend_from_slice(&b.bucket_of);
            analysis.buckets.extend_from_slice(&b.buckets);
        }
        None => analysis.bucket_of.resize(KEYS, UNSET),
    }
    analysis.read(image, base);
    let repeated = &analysis.repeated;
    let (palette, entry) = choose_palette(&analysis.buckets);
    let width = (image.width() as usize).max(1);
    let lead = usize::from(layout == Layout::Png);
    let stride = width + lead;
    // Every byte is written below: the buffer is only sized, not cleared.
    pixels.resize(repeated.len() * stride, 0);
    // Each bucket's entry, by bucket number (below 4096, one per colour key).
    let mut table = [0u8; KEYS];
    table[..entry.len()].copy_from_slice(&entry);
    let identity = entry.len() <= 256;
    // The background's buckets are their own entries: its pixels are copied as they are.
    let keeps_base = base.is_some_and(|(b, _)| {
        b.entries.len() == b.ids.len()
            && entry
                .iter()
                .take(b.buckets.len())
                .enumerate()
                .all(|(i, &e)| usize::from(e) == i)
    });
    let to_entries = |out: &mut [u8], ids: &[u16]| {
        if identity {
            // Buckets that fit are their own entries.
            for (o, &id) in out.iter_mut().zip(ids) {
                *o = id as u8;
            }
        } else {
            for (o, &id) in out.iter_mut().zip(ids) {
                *o = table[usize::from(id) & (table.len() - 1)];
            }
        }
    };
    for (y, (ids, out)) in analysis
        .ids
        .chunks_exact(width)
        .zip(pixels.chunks_exact_mut(stride))
        .enumerate()
    {
        if repeated[y] {
            if layout == Layout::Png {
                out[0] = FILTER_UP;
                out[1..].fill(0);
            }
            // A GIF's repeated rows are copied from the row above below.
            continue;
        }
        out[..lead].fill(0);
        let out = &mut out[lead..];
        match base {
            None => to_entries(out, ids),
            Some((b, drawn)) => {
                let row = y * width;
                for (from, to, drawn) in spans(drawn[y], width) {
                    if drawn {
                        to_entries(&mut out[from..to], &ids[from..to]);
                    } else if keeps_base {
                        out[from..to].copy_from_slice(&b.entries[row + from..row + to]);
                    } else {
                        to_entries(&mut out[from..to], &b.ids[row + from..row + to]);
                    }
                }
            }
        }
    }
    if layout == Layout::Plain {
        for (y, _) in repeated.iter().enumerate().filter(|&(_, &r)| r) {
            // The first row is never a repeat.
            pixels.copy_within((y - 1) * stride..y * stride, y * stride);
        }
    }
    palette
}

/// The palette for `buckets` and each bucket's entry in it: all of them in order when they
/// fit, else the 256 most used and, for the rest, the nearest of those.
fn choose_palette(buckets: &[Bucket]) -> (Vec<u8>, Vec<u8>) {
    if buckets.len() <= 256 {
        return (
            buckets.iter().flat_map(Bucket::colour).collect(),
            (0..buckets.len()).map(|b| b as u8).collect(),
        );
    }
    let mut order: Vec<usize> = (0..buckets.len()).collect();
    order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].pixels));
    let (kept, rare) = order.split_at(256);
    // A kept bucket numbered below 256 is its own entry (a background's buckets come first,
    // so its pixels need no translating); the others take the entries of rare ones.
    let mut slot: Vec<Option<usize>> = vec![None; 256];
    for &b in kept.iter().filter(|&&b| b < 256) {
        slot[b] = Some(b);
    }
    let mut free = (0..256)
        .filter(|&i| slot[i].is_none())
        .collect::<Vec<_>>()
        .into_iter();
    for &b in kept.iter().filter(|&&b| b >= 256) {
        let i = free
            .next()
            .expect("as many free entries as kept buckets past 256");
        slot[i] = Some(b);
    }
    let colours: Vec<[u8; 3]> = slot
        .iter()
        .map(|b| b.map_or([0; 3], |b| buckets[b].colour()))
        .collect();
    let mut entry = vec![0u8; buckets.len()];
    for (i, b) in slot.iter().enumerate() {
        if let Some(b) = *b {
            entry[b] = i as u8;
        }
    }
    for &b in rare {
        let c = buckets[b].colour();
        let distance = |p: &[u8; 3]| -> i32 {
            p.iter()
                .zip(c)
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2))
                .sum()
        };
        entry[b] = (0..colours.len())
            .min_by_key(|&i| distance(&colours[i]))
            .unwrap_or(0) as u8;
    }
    (colours.concat(), entry)
}

/// The picture as PNG bytes: the rows are filtered by [`quantise`] and compressed here in
/// one call, so the PNG writer only frames the chunks.
///
/// # Panics
/// Never: encoding into memory has no I/O to fail.
#[must_use]
pub fn png(image: &RgbaImage, base: Option<(&Analysis, &[u64])>) -> Vec<u8> {
    SCRATCH.with_borrow_mut(|scratch| {
        let mut rows = std::mem::take(&mut scratch.rows);
        let palette = quantise(image, base, Layout::Png, &mut rows, scratch);
        let deflate = &mut scratch.deflate;
        deflate.reset();
        let mut data = Vec::with_capacity(64 * 1024);
        loop {
            let done = deflate.total_in() as usize;
            data.reserve(32 * 1024);
            let status = deflate
                .compress_vec(&rows[done..], &mut data, flate2::FlushCompress::Finish)
                .expect("deflate into memory cannot fail");
            if status == flate2::Status::StreamEnd {
                break;
            }
        }
        let mut out = Vec::with_capacity(data.len() + 1024);
        let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette);
        let mut writer = encoder.write_header().expect("a PNG header fits in memory");
        writer
            .write_chunk(png::chunk::IDAT, &data)
            .expect("PNG data fits in memory");
        writer.finish().expect("a PNG ends in memory");
        scratch.rows = rows;
        out
    })
}

/// An animated GIF written frame by frame, holding only the previous frame: a replay of a
/// long game would not fit in memory as a list of pictures. Each frame after the first is
/// only the rectangle that changed (a move touches a few squares and the header), drawn
/// over the previous one, with its own palette from [`quantise`].
pub struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    width: u32,
    height: u32,
    previous: Option<RgbaImage>,
    frames: usize,
}

/// A side of a GIF (at most 65 535 pixels; board pictures are 800 wide).
fn side(v: u32) -> u16 {
    u16::try_from(v).unwrap_or(u16::MAX)
}

impl GifWriter {
    /// A looping animation of `width` × `height` pictures.
    ///
    /// # Panics
    /// Never: writing a header into memory has no I/O to fail.
    #[must_use]
    pub fn new(width: u32, height: u32) -> Self {
        let (width, height) = (u32::from(side(width)), u32::from(side(height)));
        let mut encoder = gif::Encoder::new(
            Vec::with_capacity(256 * 1024),
            side(width),
            side(height),
            &[],
        )
        .expect("a GIF header fits in memory");
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .expect("a loop marker fits in memory");
        Self {
            encoder,
            width,
            height,
            previous: None,
            frames: 0,
        }
    }

    /// Adds a picture shown for `delay` hundredths of a second. A picture of another size
    /// than the animation's is cut to it (or padded with black) and sent whole.
    ///
    /// # Panics
    /// Never (writing into memory cannot fail).
    pub fn push(&mut self, image: RgbaImage, delay: u16) {
        let image = if image.dimensions() == (self.width, self.height) {
            image
        } else {
            let mut fitted =
                RgbaImage::from_pixel(self.width, self.height, image::Rgba([0, 0, 0, 255]));
            image::imageops::replace(&mut fitted, &image, 0, 0);
            self.previous = None;
            fitted
        };
        let (x, y, w, h) = match &self.previous {
            None => (0, 0, image.width(), image.height()),
            // Nothing changed: one unchanged pixel keeps the frame (and its delay).
            Some(previous) => changed(previous, &image).unwrap_or((0, 0, 1, 1)),
        };
        let part = image::imageops::crop_imm(&image, x, y, w, h).to_image();
        let mut pixels = Vec::new();
        let mut palette =
            SCRATCH.with_borrow_mut(|s| quantise(&part, None, Layout::Plain, &mut pixels, s));
        // Inside the rectangle, pixels that did not change show the previous frame through
        // a transparent entry: long runs of it cost almost nothing once compressed.
        let mut transparent = None;
        if let Some(previous) = &self.previous {
            let entries = palette.len() / 3;
            if entries < 256 {
                let clear = entries as u8;
                palette.extend_from_slice(&[0, 0, 0]);
                let before = image::imageops::crop_imm(previous, x, y, w, h).to_image();
                for ((index, now), then) in
                    pixels.iter_mut().zip(part.pixels()).zip(before.pixels())
                {
                    if now == then {
                        *index = clear;
                    }
                }
                transparent = Some(clear);
            }
        }
        let frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent,
            left: side(x),
            top: side(y),
            width: side(w),
            height: side(h),
            palette: Some(palette),
            buffer: std::borrow::Cow::Owned(pixels),
            ..gif::Frame::default()
        };
        self.encoder
            .write_frame(&frame)
            .expect("a GIF frame fits in memory");
        self.previous = Some(image);
        self.frames += 1;
    }

    /// How many frames were added.
    #[must_use]
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// The GIF's bytes.
    ///
    /// # Panics
    /// Never: the trailer is written into memory.
    #[must_use]
    pub fn finish(self) -> Vec<u8> {
        self.encoder
            .into_inner()
            .expect("a GIF trailer fits in memory")
    }
}

/// The smallest rectangle `(x, y, width, height)` holding every pixel that differs; `None`
/// when the pictures are the same (or differ in size).
fn changed(a: &RgbaImage, b: &RgbaImage) -> Option<(u32, u32, u32, u32)> {
    if a.dimensions() != b.dimensions() {
        return None;
    }
    let stride = a.width() as usize * 4;
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    let rows = a
        .as_raw()
        .chunks_exact(stride)
        .zip(b.as_raw().chunks_exact(stride));
    for (y, (ra, rb)) in rows.enumerate() {
        if ra == rb {
            continue;
        }
        let differs = |(p, q): (&[u8], &[u8])| p != q;
        let pixels = || ra.chunks_exact(4).zip(rb.chunks_exact(4));
        let first = pixels().position(differs).unwrap_or(0);
        let last = pixels().rposition(differs).unwrap_or(0);
        (top, bottom) = (top.min(y), y);
        (left, right) = (left.min(first), right.max(last));
    }
    if top == usize::MAX {
        return None;
    }
    let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    Some((n(left), n(top), n(right - left + 1), n(bottom - top + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    #[test]
    fn a_gif_keeps_every_frame_and_only_the_changes() {
        let first = RgbaImage::from_pixel(40, 30, Rgba([10, 20, 30, 255]));
        let mut second = first.clone();
        second.put_pixel(5, 7, Rgba([200, 0, 0, 255]));
        second.put_pixel(9, 8, Rgba([0, 200, 0, 255]));
        assert_eq!(changed(&first, &second), Some((5, 7, 5, 2)));
        assert_eq!(changed(&first, &first), None);
        let mut writer = GifWriter::new(40, 30);
        writer.push(first.clone(), 50);
        writer.push(second, 50);
        writer.push(first, 300);
        assert_eq!(writer.frames(), 3);
        let bytes = writer.finish();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes.as_slice()).unwrap();
        let mut sizes = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            sizes.push((
                frame.left,
                frame.top,
                frame.width,
                frame.height,
                frame.delay,
            ));
        }
        assert_eq!(
            sizes,
            [(0, 0, 40, 30, 50), (5, 7, 5, 2, 50), (5, 7, 5, 2, 300)]
        );
    }

    #[test]
    fn a_picture_of_another_size_is_fitted_and_sent_whole() {
        let mut writer = GifWriter::new(40, 30);
        writer.push(RgbaImage::from_pixel(40, 30, Rgba([9, 9, 9, 255])), 10);
        writer.push(RgbaImage::from_pixel(50, 10, Rgba([200, 9, 9, 255])), 10);
        let bytes = writer.finish();
        let mut decoder = gif::DecodeOptions::new()
            .read_info(bytes.as_slice())
            .unwrap();
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            frames.push((frame.width, frame.height, frame.transparent));
        }
        assert_eq!(frames, [(40, 30, None), (40, 30, None)]);
    }

    #[test]
    fn few_colours_survive_exactly() {
        let mut image = RgbaImage::from_pixel(10, 4, Rgba([10, 200, 30, 255]));
        image.put_pixel(3, 2, Rgba([250, 1, 2, 255]));
        let png = png(&image, None);
        let back = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(back.get_pixel(3, 2).0, [250, 1, 2]);
        assert_eq!(back.get_pixel(0, 0).0, [10, 200, 30]);
    }

    /// Runs, rows of their own and rows repeating the one above (sent as Up-filtered zeros),
    /// in a picture of few colours: every pixel comes back exactly, in a PNG and in a GIF.
    #[test]
    fn repeated_rows_and_runs_survive_exactly() {
        let colours = [[8, 24, 40], [200, 184, 168], [72, 136, 248], [248, 8, 120]];
        let image = RgbaImage::from_fn(83, 37, |x, y| {
            // Bands of 5 equal rows, runs of 3..=11 pixels, and a lone odd pixel per band.
            let band = y / 5;
            let c = if x == 40 + band {
                3
            } else {
                ((x / (3 + band)) + band) as usize % 3
            };
            let [r, g, b] = colours[c];
            Rgba([r, g, b, 255])
        });
        let back = image::load_from_memory(&png(&image, None))
            .unwrap()
            .to_rgba8();
        assert_eq!(back, image);
        let mut writer = GifWriter::new(83, 37);
        writer.push(image.clone(), 10);
        let bytes = writer.finish();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes.as_slice()).unwrap();
        let frame = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!(&frame.buffer[..], image.as_raw().as_slice());
    }

    /// A picture drawn over a background comes out as the same picture drawn on a plain
    /// copy: the tiles left alone take the background's buckets, those drawn on are read.
    /// Flat colours survive exactly, anti-aliased edges within their bucket.
    #[test]
    fn drawing_over_a_background_encodes_what_was_drawn() {
        use crate::render::canvas::{Canvas, Point};
        let mut board = Canvas::new(300, 90, [40, 56, 40]);
        board.fill_rect(10, 10, 280, 70, [216, 200, 152]);
        board.fill_ellipse(Point::new(150.0, 45.0), 60.0, 30.0, [120, 88, 56], 1.0);
        let board: &'static Canvas = Box::leak(Box::new(board));
        let draw = |canvas: &mut Canvas| {
            canvas.fill_rect(0, 0, 300, 8, [34, 38, 43]);
            canvas.fill_ellipse(Point::new(40.0, 40.0), 20.0, 12.0, [248, 248, 240], 1.0);
            // Touches the last tile and the bottom row.
            canvas.fill_rect(280, 60, 20, 30, [200, 60, 30]);
            canvas.line(
                Point::new(100.0, 70.0),
                Point::new(230.0, 20.0),
                3.0,
                [190, 60, 34],
                1.0,
            );
        };
        let decoded = |c: &Canvas| image::load_from_memory(&c.to_png()).unwrap().to_rgb8();
        let mut over = Canvas::over(board);
        let mut plain = Canvas::new(300, 90, [0, 0, 0]);
        plain.copy_block(board, (0, 0), (0, 0), (300, 90));
        assert!(decoded(&over) == decoded(&plain), "nothing drawn yet");
        draw(&mut over);
        draw(&mut plain);
        assert!(over.image() == plain.image());
        let (a, b) = (decoded(&over), decoded(&plain));
        let flat = [
            [40, 56, 40],
            [216, 200, 152],
            [34, 38, 43],
            [200, 60, 30],
            [248, 248, 240],
        ];
        for ((p, q), drawn) in a.pixels().zip(b.pixels()).zip(over.image().pixels()) {
            let (p, q, drawn) = (p.0, q.0, [drawn.0[0], drawn.0[1], drawn.0[2]]);
            if flat.contains(&drawn) {
                assert_eq!((p, q), (drawn, drawn));
            }
            assert!(
                p.iter().zip(drawn).all(|(&x, y)| x.abs_diff(y) < 16),
                "{p:?} for {drawn:?}"
            );
        }
    }

    #[test]
    fn rare_colours_beyond_256_take_their_nearest() {
        // 256 common buckets (a gradient), then 20 rare shades near white.
        let mut image =
            RgbaImage::from_fn(64, 64, |x, y| Rgba([(x * 4) as u8, (y * 4) as u8, 77, 255]));
        for i in 0..20 {
            image.put_pixel(i, 63, Rgba([250, 250, (100 + i * 5) as u8, 255]));
        }
        let back = image::load_from_memory(&png(&image, None))
            .unwrap()
            .to_rgb8();
        for (a, b) in image.pixels().zip(back.pixels()).take(64 * 63) {
            for k in 0..3 {
                assert!(a.0[k].abs_diff(b.0[k]) <= 8, "{a:?} became {b:?}");
            }
        }
        // The nearest common colour to (250, 250, x) is the gradient's brightest corner.
        assert_eq!(back.get_pixel(0, 63), back.get_pixel(63, 62));
    }
}
