//! `/web`: the caller's way to a game's page. A player gets their personal link (signed,
//! bound to them and the game, expiring), which lets the page play for them; anyone else
//! gets the public page, to watch. Only the caller sees the answer: a personal link shared
//! in a channel would let others play for its owner. `/web revoke` ends every link the
//! caller was given (a link is refused when it was made before their `links_since`).

use crate::i18n;
use crate::play::args::{is_flag, yes_or_no, Args, ParseCommandError};
use crate::play::command::{Context, User};
use crate::play::core::{say, Play, Stop};
use crate::play::history::HistoryCommand;
use crate::play::reply::{Button, Component, Reply};
use crate::store::{GameId, Store};

impl<S: Store> Play<S> {
    /// `/web [game] [revoke]`.
    pub(in crate::play) fn web(
        &self,
        ctx: &Context,
        game: Option<GameId>,
        revoke: bool,
    ) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let me = ctx.user.id;
        if revoke {
            let mut settings = self.store.settings(me)?;
            // Whole seconds, as links carry them: a link made in this very second is revoked
            // too.
            settings.links_since = self.clock.now_ms() / 1000 + 1;
            self.store.set_settings(me, settings)?;
            return Ok(Reply::private(i18n::text(lang, "web-revoked")));
        }
        let Some(links) = &self.pages else {
            return say("web-off");
        };
        let (record, _) = self.shown_game(ctx, game)?;
        let player = record.seat_of(me).is_some();
        let link = links(crate::play::core::Page::Game(
            record.id,
            player.then_some(me),
        ));
        let id = if player {
            "web-link-yours"
        } else {
            "web-link-watch"
        };
        let text = i18n::text_with(
            lang,
            id,
            &[("game", record.id.0.into()), ("link", link.clone().into())],
        );
        let mut reply = Reply::private(text);
        reply.components = vec![Component::Buttons(vec![Button::link(
            &link,
            &i18n::text(lang, "button-web-open"),
        )])];
        Ok(reply)
    }
}

/// `/web`: a game's page link, or `revoke` to end the links given.
pub(in crate::play) fn read_web(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<HistoryCommand, ParseCommandError> {
    let game = args.game_id()?;
    // `revoke:true` (Discord's option) or the word `revoke` (the console).
    let revoke = match args.take(&["revoke"]) {
        Some(value) => yes_or_no(&value, "web-revoke")?,
        None => match args.positional.first() {
            Some(word) if is_flag(word, "revoke") => {
                args.positional.remove(0);
                true
            }
            _ => false,
        },
    };
    Ok(HistoryCommand::Web { game, revoke })
}
