//! PNG encoding tuned for board pictures: a few hundred colours (flat fills plus their
//! anti-aliased edges), so an indexed PNG holds them exactly or nearly so at a third of the
//! raw size, and a fast deflate (level 1) then brings an 800 px board to ~50 KB in under a
//! millisecond. RGB with the same deflate is 2.5× larger and slower.

use std::io::Write;

use image::RgbaImage;

/// Colours are grouped by their top 4 bits per channel: a bucket's palette entry is the
/// average of the colours in it, weighted by pixel count, so a flat fill keeps its exact
/// colour and its anti-aliasing neighbours merge at most 16 levels away (invisible on an
/// edge pixel). With 5 bits a board has ~450 buckets and needs the slower nearest-colour
/// pass; with 4 it has 150–250.
const BUCKET_BITS: u32 = 4;
const UNSET: u16 = u16::MAX;

/// One bucket of similar colours met in the picture.
#[derive(Clone, Copy, Default)]
struct Bucket {
    pixels: u32,
    sum: [u64; 3],
}

impl Bucket {
    fn add(&mut self, rgb: u32, run: u32) {
        self.pixels += run;
        for (s, c) in self.sum.iter_mut().zip(rgb.to_le_bytes()) {
            *s += u64::from(c) * u64::from(run);
        }
    }

    fn colour(&self) -> [u8; 3] {
        let n = u64::from(self.pixels.max(1));
        self.sum.map(|s| ((s + n / 2) / n) as u8)
    }
}

/// The bucket of a colour packed as `0x00bbggrr`.
fn key(rgb: u32) -> usize {
    let shift = 8 - BUCKET_BITS;
    rgb.to_le_bytes()[..3]
        .iter()
        .fold(0, |k, &c| (k << BUCKET_BITS) | usize::from(c >> shift))
}

/// The picture's colours reduced to at most 256 palette entries, and each pixel's entry.
struct Indexed {
    palette: Vec<u8>,
    /// Row after row; in PNG layout each row is led by its filter type.
    pixels: Vec<u8>,
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
/// their own keep type None, 0, which the zeroed buffer already holds).
const FILTER_UP: u8 = 2;

/// The first pixel at or after `from` (in pixels) that differs from `pixel`, in `row`'s RGBA
/// bytes. Eight pixels are compared at once: flat fills make long runs.
fn run_end(row: &[u8], from: usize, pixel: [u8; 4]) -> usize {
    let mut pattern = [0u8; 32];
    for chunk in pattern.chunks_exact_mut(4) {
        chunk.copy_from_slice(&pixel);
    }
    let width = row.len() / 4;
    let mut x = from;
    while x + 8 <= width && row[x * 4..x * 4 + 32] == pattern {
        x += 8;
    }
    while x < width && row[x * 4..x * 4 + 4] == pixel {
        x += 1;
    }
    x
}

/// One run of a row: its bucket and length in pixels.
type Run = (u16, u32);

/// Reduces the picture to a palette. Alpha is ignored: board pictures are opaque.
///
/// Two passes. The first reads the picture as runs of one colour (flat fills are the rule,
/// so a bucket is looked up once per run) and notes each distinct row once with how many
/// rows below repeat it (most rows inside a board square do). Then the palette is chosen:
/// every bucket its own entry when there are at most 256 (most boards), else the 256 most
/// used, the rare rest (edge shades) taking their nearest. The second pass writes each
/// run's entry as one fill.
fn quantise(image: &RgbaImage, layout: Layout) -> Indexed {
    let raw = image.as_raw();
    let width = (image.width() as usize).max(1);
    let rows: Vec<&[u8]> = raw.chunks(width * 4).collect();
    let mut bucket_of = vec![UNSET; 1 << (3 * BUCKET_BITS)];
    let mut buckets: Vec<Bucket> = Vec::with_capacity(512);
    let mut runs: Vec<Run> = Vec::with_capacity(16 * 1024);
    // Each distinct row: its first row, how many rows it covers, where its runs end.
    let mut distinct: Vec<(usize, usize, usize)> = Vec::with_capacity(rows.len());
    let mut y = 0;
    while y < rows.len() {
        let row = rows[y];
        let repeats = 1 + rows[y + 1..].iter().take_while(|&&r| r == row).count();
        let mut x = 0;
        while x < row.len() / 4 {
            let pixel: [u8; 4] = row[x * 4..x * 4 + 4].try_into().expect("four bytes");
            let end = run_end(row, x + 1, pixel);
            let rgb = u32::from_le_bytes(pixel) & 0x00ff_ffff;
            let k = key(rgb);
            if bucket_of[k] == UNSET {
                bucket_of[k] = buckets.len() as u16;
                buckets.push(Bucket::default());
            }
            let len = (end - x) as u32;
            buckets[usize::from(bucket_of[k])].add(rgb, len * repeats as u32);
            runs.push((bucket_of[k], len));
            x = end;
        }
        distinct.push((y, repeats, runs.len()));
        y += repeats;
    }
    let (palette, entry) = choose_palette(&buckets);
    let lead = usize::from(layout == Layout::Png);
    let stride = width + lead;
    let mut pixels = vec![0u8; rows.len() * stride];
    let mut first_run = 0;
    for &(y, repeats, last_run) in &distinct {
        let start = y * stride + lead;
        let mut x = start;
        for &(bucket, len) in &runs[first_run..last_run] {
            let e = entry[usize::from(bucket)];
            match len {
                1 => pixels[x] = e,
                _ => pixels[x..x + len as usize].fill(e),
            }
            x += len as usize;
        }
        first_run = last_run;
        for copy in 1..repeats {
            let at = start + copy * stride;
            match layout {
                Layout::Plain => pixels.copy_within(start..start + width, at),
                // The row's zeros are already there: only its filter type is set.
                Layout::Png => pixels[at - 1] = FILTER_UP,
            }
        }
    }
    Indexed { palette, pixels }
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
    let colours: Vec<[u8; 3]> = kept.iter().map(|&b| buckets[b].colour()).collect();
    let mut entry = vec![0u8; buckets.len()];
    for (i, &b) in kept.iter().enumerate() {
        entry[b] = i as u8;
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
pub fn png(image: &RgbaImage) -> Vec<u8> {
    let indexed = quantise(image, Layout::Png);
    let mut deflate =
        flate2::write::ZlibEncoder::new(Vec::with_capacity(64 * 1024), flate2::Compression::new(1));
    deflate
        .write_all(&indexed.pixels)
        .expect("deflate into memory cannot fail");
    let data = deflate.finish().expect("deflate into memory cannot fail");
    let mut out = Vec::with_capacity(data.len() + 1024);
    let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(indexed.palette);
    let mut writer = encoder.write_header().expect("a PNG header fits in memory");
    writer
        .write_chunk(png::chunk::IDAT, &data)
        .expect("PNG data fits in memory");
    writer.finish().expect("a PNG ends in memory");
    out
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
        let mut indexed = quantise(&part, Layout::Plain);
        // Inside the rectangle, pixels that did not change show the previous frame through
        // a transparent entry: long runs of it cost almost nothing once compressed.
        let mut transparent = None;
        if let Some(previous) = &self.previous {
            let entries = indexed.palette.len() / 3;
            if entries < 256 {
                let clear = entries as u8;
                indexed.palette.extend_from_slice(&[0, 0, 0]);
                let before = image::imageops::crop_imm(previous, x, y, w, h).to_image();
                for ((index, now), then) in indexed
                    .pixels
                    .iter_mut()
                    .zip(part.pixels())
                    .zip(before.pixels())
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
            palette: Some(indexed.palette),
            buffer: std::borrow::Cow::Owned(indexed.pixels),
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
        let png = png(&image);
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
        let back = image::load_from_memory(&png(&image)).unwrap().to_rgba8();
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

    #[test]
    fn rare_colours_beyond_256_take_their_nearest() {
        // 256 common buckets (a gradient), then 20 rare shades near white.
        let mut image =
            RgbaImage::from_fn(64, 64, |x, y| Rgba([(x * 4) as u8, (y * 4) as u8, 77, 255]));
        for i in 0..20 {
            image.put_pixel(i, 63, Rgba([250, 250, (100 + i * 5) as u8, 255]));
        }
        let back = image::load_from_memory(&png(&image)).unwrap().to_rgb8();
        for (a, b) in image.pixels().zip(back.pixels()).take(64 * 63) {
            for k in 0..3 {
                assert!(a.0[k].abs_diff(b.0[k]) <= 8, "{a:?} became {b:?}");
            }
        }
        // The nearest common colour to (250, 250, x) is the gradient's brightest corner.
        assert_eq!(back.get_pixel(0, 63), back.get_pixel(63, 62));
    }
}
