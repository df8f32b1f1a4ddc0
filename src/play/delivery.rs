//! Who reads a reply and how: mentions addressed as each player chose (in the channel or by
//! DM, in their language), and the look-ups a front end needs to deliver one (a game's
//! players, its home channel).

use crate::i18n::Lang;
use crate::play::clocks::clock_notice;
use crate::play::core::{Loaded, Play};
use crate::play::reply::Notice;
use crate::play::reply::{Direct, News, Reply};
use crate::play::text::{board_reply, not_begun_text};
use crate::store::{
    ChannelId, ClockStage, GameId, Notify, Place, Status, Store, StoreError, UserId, UserSettings,
};
impl<S: Store> Play<S> {
    /// Moves a game to another channel (the thread a front end opened for it), so its
    /// commands, boards and notices live there from now on.
    ///
    /// # Errors
    /// The store failed, or the game kept changing (three tries).
    pub fn move_to_channel(&self, game: GameId, channel: ChannelId) -> Result<(), StoreError> {
        let mut last = StoreError::Conflict(game);
        for _ in 0..3 {
            let mut record = self.store.get(game)?;
            record.home = Some(record.place.channel);
            record.place.channel = channel;
            match self.store.replace(&record) {
                Ok(_) => return Ok(()),
                Err(StoreError::Conflict(id)) => last = StoreError::Conflict(id),
                Err(other) => return Err(other),
            }
        }
        Err(last)
    }

    /// The people seated at `game` (forgotten players and the computer left out): who is
    /// told by direct message of a post that reached no channel. None when the game cannot
    /// be read.
    #[must_use]
    pub fn human_players(&self, game: GameId) -> Vec<u64> {
        self.store.get(game).map_or_else(
            |_| Vec::new(),
            |record| {
                record
                    .seats
                    .iter()
                    .filter(|seat| !seat.is_forgotten())
                    .filter_map(|seat| seat.user_id().map(|user| user.0))
                    .collect()
            },
        )
    }

    /// Moves a game whose thread the bot can no longer reach back to the channel the thread
    /// was opened from; returns where it is now played and the language of the posts there,
    /// or `None` for a game that was never moved into a thread.
    ///
    /// # Errors
    /// Store failures (a write that keeps losing its compare-and-swap included).
    pub fn move_home(&self, game: GameId) -> Result<Option<(Place, Lang)>, StoreError> {
        for _ in 0..3 {
            let mut record = self.store.get(game)?;
            let Some(home) = record.home.take() else {
                return Ok(None);
            };
            record.place.channel = home;
            match self.store.replace(&record) {
                Ok(_) => return Ok(Some((record.place, self.place_lang(&record.place)))),
                Err(StoreError::Conflict(_)) => {}
                Err(other) => return Err(other),
            }
        }
        Err(StoreError::Conflict(game))
    }

    /// Sends each mentioned user's notification the way they chose: kept as a mention,
    /// moved to a direct message (in their language), or dropped.
    pub(in crate::play) fn address(&self, mut reply: Reply) -> Reply {
        if reply.private || reply.mentions.is_empty() {
            return reply;
        }
        let mut mentions = Vec::new();
        let mut direct = Vec::new();
        for user in std::mem::take(&mut reply.mentions) {
            let settings = self.store.settings(user).unwrap_or_else(|error| {
                tracing::warn!(%error, "reading settings; using the defaults");
                UserSettings::default()
            });
            match settings.notify {
                Notify::Channel => mentions.push(user),
                Notify::Dm => direct.push((user, settings.dm_lang())),
                Notify::Off => {}
            }
        }
        reply.mentions = mentions;
        if !direct.is_empty() {
            let told = self.directs(&reply, &direct);
            reply.direct.extend(told);
        }
        reply
    }

    /// The direct messages telling `readers` (each with the language they read, if known)
    /// of `reply`: what the channel was told, or, for one who reads another language than
    /// the channel, the game drawn up again in theirs ([`news_in`]). The game is loaded
    /// once for all of them.
    fn directs(&self, reply: &Reply, readers: &[(UserId, Option<Lang>)]) -> Vec<Direct> {
        let news = match reply.board_of {
            Some(id) => Some((id, News::Game)),
            None => reply.about,
        };
        let loaded = news.and_then(|(id, news)| Some((self.load(id).ok()?, news)));
        let post = loaded
            .as_ref()
            .map_or(self.default_lang, |(l, _)| self.place_lang(&l.record.place));
        readers
            .iter()
            .map(|&(user, lang)| {
                let (lang, text) = match (&loaded, lang) {
                    (Some((loaded, news)), Some(lang)) if lang != post => {
                        (lang, news_in(lang, loaded, *news, self.clock.now_ms()))
                    }
                    // Told as the channel was, in the channel's language.
                    _ => (post, reply.text.clone()),
                };
                let record = loaded.as_ref().map(|(loaded, _)| &loaded.record);
                Direct {
                    user,
                    lang,
                    text,
                    button: record.and_then(|record| self.play_button(record, user, lang)),
                }
            })
            .collect()
    }
}

/// What a game's post told, drawn up again from the game in `lang`: a challenge and how
/// to answer it, a proposal waiting for its answer, a clock's notice, or (a board, or news
/// the game has moved past) the board's text. What only the post's headline said (who
/// just moved) is left to the board's last move.
fn news_in(lang: Lang, loaded: &Loaded, news: News, now: u64) -> String {
    let Loaded { record, game } = loaded;
    let active = record.status == Status::Active;
    let told = match news {
        News::Challenge => not_begun_text(lang, record),
        News::Offer if active => crate::play::proposal::pending_text(lang, record, game),
        News::Clock if active => record
            .clock
            .filter(|c| matches!(c.stage, ClockStage::Reminded | ClockStage::Expired))
            .map(|clock| clock_notice(lang, record, game, &clock, now)),
        News::Offer | News::Clock | News::Game => None,
    };
    told.unwrap_or_else(|| board_reply(record, game, "", now, lang).text)
}

impl<S: Store> Play<S> {
    /// What the bot says on its own about `game` in `place`: its mentions addressed as each
    /// player chose, and the button to the game's page.
    pub(in crate::play) fn notice(&self, game: GameId, place: Place, reply: Reply) -> Notice {
        let reply = self.watch_button(self.address(reply), game, place);
        Notice { game, place, reply }
    }
}
