//! The card a chat or a social site shows for a shared link: Open Graph and
//! Twitter tags written into the page's head, for crawlers that run no
//! script. A link's card names its map in words (`share::map_words`: seed,
//! drops, the settings it changed) and points at its own picture (`/preview.png?` and the
//! link's keys, absolute); a page asked for without a map gets the site's
//! card. Everything written comes from the link as the page reads it
//! (numbers, names from the tables, the link as the page writes it), never
//! from the request's own text, and is escaped for HTML all the same.

use hydraulic_erosion::share::link::{self, attribute_value, MapLink};
use hydraulic_erosion::share::map_words;

use crate::link_argument::SEED;

/// A preview's size: what Open Graph's large cards show.
pub const PREVIEW: (u32, u32) = (1200, 630);
/// The map of the site's own card: the article's, after its rain.
pub const SITE_MAP: &str = "he-seed=1&he-drops=300000";

/// What a card says, and of which picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub title: String,
    pub description: String,
    /// The picture's query (the link's keys as the page writes them).
    pub picture: String,
    pub alt: String,
}

impl Card {
    /// The card of `query`: its map's, where it names one the server can
    /// draw (with `he-` keys, on no ground from a reader's file), else the
    /// site's.
    pub fn of(query: &str) -> Card {
        let names_a_map = form_urlencoded::parse(query.as_bytes()).any(|(key, _)| key.starts_with(link::PREFIX));
        let reading = link::read(query);
        if !names_a_map || reading.link.ground.is_some() {
            return Card::site();
        }
        Card::of_map(&reading.link)
    }

    /// The site's own card.
    pub fn site() -> Card {
        Card {
            title: "Hydraulic Erosion".into(),
            description: "Raindrops carving valleys into a Perlin noise island, one drop at a time, with rivers, \
                          contours and shaded relief."
                .into(),
            picture: SITE_MAP.into(),
            alt: "A map of an island eroded by 300,000 raindrops, its rivers and contours".into(),
        }
    }

    fn of_map(map: &MapLink) -> Card {
        let picture = link::write(&MapLink { seed: Some(map.seed.unwrap_or(SEED)), ..map.clone() });
        Card {
            title: map_words::title(map),
            description: map_words::description(map),
            picture,
            alt: map_words::alt(map),
        }
    }

    /// The tags, for the page's head, the picture at `origin`.
    pub fn tags(&self, origin: &str) -> String {
        let image = format!("{origin}/preview.png?{}", self.picture);
        let (width, height) = PREVIEW;
        let tags = [
            ("property", "og:type", "website"),
            ("property", "og:title", &self.title),
            ("property", "og:description", &self.description),
            ("property", "og:image", &image),
            ("property", "og:image:width", &width.to_string()),
            ("property", "og:image:height", &height.to_string()),
            ("property", "og:image:alt", &self.alt),
            ("name", "twitter:card", "summary_large_image"),
        ];
        tags.iter()
            .map(|(attribute, name, content)| {
                format!("<meta {attribute}=\"{name}\" content=\"{}\">", attribute_value(content))
            })
            .collect()
    }
}

/// `page` (the site's HTML) with `tags` at the end of its head.
pub fn into_head(page: &str, tags: &str) -> String {
    match page.find("</head>") {
        Some(at) => format!("{}{tags}{}", &page[..at], &page[at..]),
        None => format!("{tags}{page}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_links_card_names_its_map_and_its_own_picture_and_nothing_of_the_request() {
        let card = Card::of("utm_source=x&he-seed=5&he-drops=30000&he-erosion=0.5&he-x=%3Cscript%3E");
        assert_eq!(card.title, "Hydraulic Erosion: seed 5, 30,000 drops");
        assert_eq!(card.description, "An island of seed 5 eroded by 30,000 raindrops; Erosion 0.5.");
        assert!(card.picture.contains("he-seed=5") && card.picture.contains("he-drops=30000"), "{}", card.picture);
        assert!(!card.picture.contains("utm") && !card.picture.contains("script"), "{}", card.picture);
        let tags = card.tags("https://maps.example");
        assert!(tags
            .contains("<meta property=\"og:image\" content=\"https://maps.example/preview.png?he-v=3&amp;he-seed=5"));
        assert!(tags.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
        assert!(!tags.contains("<script"), "{tags}");
    }

    #[test]
    fn a_page_without_a_map_or_on_a_readers_ground_gets_the_sites_card() {
        assert_eq!(Card::of(""), Card::site());
        assert_eq!(Card::of("utm_source=feed"), Card::site());
        let ground = "he-seed=1&he-ground=mine.png&he-ground-fit=320x180~0123456789abcdef~0.25&he-drops=10";
        assert_eq!(Card::of(ground), Card::site());
        assert_eq!(
            into_head("<html><head><title>t</title></head><body>", "<meta x>"),
            "<html><head><title>t</title><meta x></head><body>"
        );
    }
}
