//! PNG encoding tuned for board pictures: a few hundred colours (flat fills plus their
//! anti-aliased edges), so an indexed PNG holds them exactly or nearly so at a third of the
//! raw size, and a fast deflate (level 1) then brings an 800 px board to ~50 KB in under a
//! millisecond. RGB with the same deflate is 2.5× larger and slower.

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
    pixels: Vec<u8>,
}

/// Reduces the picture to a palette. Alpha is ignored: board pictures are opaque.
fn quantise(image: &RgbaImage) -> Indexed {
    let raw = image.as_raw();
    let mut bucket_of = vec![UNSET; 1 << (3 * BUCKET_BITS)];
    let mut buckets: Vec<Bucket> = Vec::with_capacity(512);
    // Each pixel's bucket number; a byte per pixel once the palette is known.
    let mut slots = vec![0u16; raw.len() / 4];
    // Runs of one colour are the rule, so a bucket is looked up once per run.
    let (mut run_rgb, mut run_slot, mut run_len) = (u32::MAX, 0u16, 0u32);
    for (slot, px) in slots.iter_mut().zip(raw.chunks_exact(4)) {
        let rgb = u32::from_le_bytes(px.try_into().expect("four bytes")) & 0x00ff_ffff;
        if rgb != run_rgb {
            if run_len > 0 {
                buckets[usize::from(run_slot)].add(run_rgb, run_len);
            }
            let k = key(rgb);
            if bucket_of[k] == UNSET {
                bucket_of[k] = buckets.len() as u16;
                buckets.push(Bucket::default());
            }
            (run_rgb, run_slot, run_len) = (rgb, bucket_of[k], 0);
        }
        run_len += 1;
        *slot = run_slot;
    }
    if run_len > 0 {
        buckets[usize::from(run_slot)].add(run_rgb, run_len);
    }
    if buckets.len() <= 256 {
        // The usual case: every bucket has its own entry, in order of first sight.
        return Indexed {
            palette: buckets.iter().flat_map(Bucket::colour).collect(),
            pixels: slots.iter().map(|&s| s as u8).collect(),
        };
    }
    // Keep the 256 most used buckets; the rest (rare edge shades) take their nearest.
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
    Indexed {
        palette: colours.concat(),
        pixels: slots.iter().map(|&s| entry[usize::from(s)]).collect(),
    }
}

/// The picture as PNG bytes.
///
/// # Panics
/// Never: encoding into memory has no I/O to fail.
#[must_use]
pub fn png(image: &RgbaImage) -> Vec<u8> {
    let indexed = quantise(image);
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(indexed.palette);
    encoder.set_deflate_compression(png::DeflateCompression::Level(1));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header().expect("a PNG header fits in memory");
    writer
        .write_image_data(&indexed.pixels)
        .expect("PNG data fits in memory");
    writer.finish().expect("a PNG ends in memory");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    #[test]
    fn few_colours_survive_exactly() {
        let mut image = RgbaImage::from_pixel(10, 4, Rgba([10, 200, 30, 255]));
        image.put_pixel(3, 2, Rgba([250, 1, 2, 255]));
        let png = png(&image);
        let back = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(back.get_pixel(3, 2).0, [250, 1, 2]);
        assert_eq!(back.get_pixel(0, 0).0, [10, 200, 30]);
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
