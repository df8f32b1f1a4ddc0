//! `leapfrog local`: the console front end. It reads lines such as
//! `@alice /play jumpers opponent:@bob board:far`, runs them through the same play layer and
//! store as Discord, prints each reply and writes any picture to a folder.
//!
//! Users and channels are names: `@alice` is a user, an optional `#name` after it picks a
//! channel (default `#console`), and an optional `lang:ru` after that the language the user
//! reads (default: the console's `--lang`, else English). Lines starting with `#` alone are
//! comments.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use crate::i18n::{self, Lang};
use crate::play::{
    parse_command, ButtonStyle, Component, Context, Later, LaterKind, Outcome, Play, Reply, User,
};
use crate::store::{ChannelId, Place, Store, UserId};

/// A stable id for a console name (FNV-1a of its lower-case form), so a data folder can be
/// reused across runs. A hash that falls among the forgotten players' anonymous ids (one
/// name in 16 million) is moved out of them.
#[must_use]
pub fn name_id(name: &str) -> u64 {
    let hash = name
        .to_lowercase()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
    if UserId(hash).is_anonymous() {
        hash ^ (1 << 62)
    } else {
        hash
    }
}

/// The console user called `name`.
#[must_use]
pub fn console_user(name: &str) -> User {
    let name = name.trim_start_matches('@');
    User::new(UserId(name_id(name)), name)
}

/// The console over a play layer.
pub struct Console<S: Store> {
    play: Play<S>,
    out_dir: PathBuf,
    lang: Lang,
}

impl<S: Store> Console<S> {
    /// A console writing pictures to `out_dir`.
    pub fn new(play: Play<S>, out_dir: PathBuf) -> Self {
        Self {
            play,
            out_dir,
            lang: Lang::En,
        }
    }

    /// The language every user reads unless a line says `lang:`, and the boards' language
    /// (`leapfrog local --lang`).
    #[must_use]
    pub fn with_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        // The console is no server: its boards are in this language too.
        self.play = self.play.with_lang(lang);
        self
    }

    /// The play layer (for tests).
    pub fn play(&self) -> &Play<S> {
        &self.play
    }

    /// What fell due since the last line (reminders, timeouts, and the computer's moves and
    /// analyses owed since the last run), as the channel would see it: the console has no
    /// timer of its own, so it looks before every line.
    pub fn notices(&self) -> String {
        self.carry_out(self.play.due())
    }

    /// Does what follows an answer (see [`Play::do_later`]), as the channel sees it: each
    /// notice after the reply that made it, like a message of its own, marked with what it
    /// is. The console thinks in the open: it prints each when it is done.
    fn carry_out(&self, later: Vec<Later>) -> String {
        let mut out = String::new();
        for job in later {
            let mark = match job.kind() {
                LaterKind::Notice => "[notice]",
                LaterKind::Computer => "[computer]",
                LaterKind::Analysis => "[analysis]",
            };
            for notice in self.play.do_later(job) {
                out.push_str(&format!(
                    "{mark}\n{}",
                    self.show(&notice.reply, "", self.lang)
                ));
            }
        }
        out
    }

    /// Loads a game record (`/history`'s text file) as a new game in `#console`, played
    /// by the names it lists; the replayed board to print.
    ///
    /// # Errors
    /// What to print when the record cannot be loaded (the caller then exits non-zero).
    pub fn load(&self, text: &str) -> Result<String, String> {
        let ctx = Context {
            user: console_user("console"),
            place: Place {
                guild: None,
                channel: ChannelId(name_id("console")),
                reach: crate::store::Reach::Posts,
            },
            manager: true,
            lang: self.lang,
            guild_lang: None,
        };
        let reply = self.play.import(&ctx, text, console_user);
        let shown = self.show(&reply, "console", self.lang);
        if reply.outcome == Outcome::Done {
            Ok(shown)
        } else {
            Err(shown)
        }
    }

    /// Runs one line and returns what to print (empty for blank lines and comments).
    pub fn run_line(&self, line: &str) -> String {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return String::new();
        }
        let mut words = line.split_whitespace();
        let Some(user) = words.next().filter(|w| w.starts_with('@') && w.len() > 1) else {
            return format!("! {}\n", i18n::text(self.lang, "console-no-user"));
        };
        let mut rest: Vec<&str> = words.collect();
        let channel = match rest.first() {
            Some(w) if w.starts_with('#') && w.len() > 1 => rest.remove(0).trim_start_matches('#'),
            _ => "console",
        };
        let lang = match rest.first().and_then(|w| w.strip_prefix("lang:")) {
            Some(code) => match code.parse::<Lang>() {
                Ok(lang) => {
                    rest.remove(0);
                    lang
                }
                Err(error) => {
                    return format!(
                        "! {}\n",
                        i18n::text_with(
                            self.lang,
                            "parse-bad-language",
                            &[("typed", error.0.into())]
                        )
                    )
                }
            },
            None => self.lang,
        };
        let ctx = Context {
            user: console_user(user),
            place: Place {
                guild: None,
                channel: ChannelId(name_id(channel)),
                reach: crate::store::Reach::Posts,
            },
            // The console's user owns the machine (and has no server to set up).
            manager: true,
            lang,
            guild_lang: None,
        };
        match parse_command(&rest.join(" "), console_user) {
            Ok(command) => {
                let mut reply = self.play.handle(&ctx, command);
                let later = reply.take_later();
                let mut shown = self.show(&reply, &ctx.user.name, lang);
                // The computer's move reads as a message of its own, after a blank line.
                if later.iter().any(|job| job.kind() == LaterKind::Computer) {
                    shown.push('\n');
                }
                shown.push_str(&self.carry_out(later));
                shown
            }
            Err(error) => format!("! {}\n", error.text(lang)),
        }
    }

    /// A reply as the console prints it, its own words in `lang`.
    fn show(&self, reply: &Reply, caller: &str, lang: Lang) -> String {
        let mut out = String::new();
        let say = |id: &str, args: &[(&str, i18n::Arg)]| i18n::text_with(lang, id, args);
        if reply.private {
            out.push_str(&say("console-private", &[("name", caller.into())]));
            out.push('\n');
        }
        out.push_str(&reply.text);
        out.push('\n');
        for component in &reply.components {
            match component {
                Component::Buttons(buttons) => {
                    // A link button shows where it leads: the console has no buttons.
                    let labels: Vec<String> = buttons
                        .iter()
                        .map(|b| match b.style {
                            ButtonStyle::Link => format!("[{}] {}", b.label, b.id),
                            _ => format!("[{}]", b.label),
                        })
                        .collect();
                    let labels = labels.join(" ");
                    out.push_str(&format!(
                        "  {}\n",
                        say("console-buttons", &[("labels", labels.into())])
                    ));
                }
                Component::Moves { moves, .. } if !moves.is_empty() => {
                    let args = [
                        ("count", moves.len().into()),
                        ("moves", moves.join(" ").into()),
                    ];
                    out.push_str(&format!("  {}\n", say("console-moves", &args)));
                }
                Component::Moves { .. } => {}
            }
        }
        if !reply.mentions.is_empty() {
            let count = [("count", reply.mentions.len().into())];
            out.push_str(&format!("  {}\n", say("console-notifies", &count)));
        }
        if !reply.direct.is_empty() {
            let count = [("count", reply.direct.len().into())];
            out.push_str(&format!("  {}\n", say("console-direct", &count)));
            // Each in its reader's language: its first line shows which.
            for direct in &reply.direct {
                let first = direct.text.lines().next().unwrap_or_default();
                out.push_str(&format!("    ({}) {first}\n", direct.lang.code()));
                if let Some(button) = &direct.button {
                    out.push_str(&format!("      [{}] {}\n", button.label, button.id));
                }
            }
        }
        let files = reply
            .image
            .iter()
            .map(|i| ("image", i.name.as_str(), i.bytes()))
            .chain(
                reply
                    .files
                    .iter()
                    .map(|f| ("file", f.name.as_str(), f.bytes.as_slice())),
            );
        for (what, name, bytes) in files {
            let path = self.out_dir.join(name);
            let written =
                std::fs::create_dir_all(&self.out_dir).and_then(|()| std::fs::write(&path, bytes));
            match written {
                Ok(()) => out.push_str(&format!("  {what}: {}\n", path.display())),
                Err(error) => out.push_str(&format!(
                    "  {}\n",
                    say(
                        "console-not-written",
                        &[
                            ("what", what.into()),
                            ("path", path.display().to_string().into()),
                            ("error", error.to_string().into()),
                        ]
                    )
                )),
            }
        }
        if let Some(aside) = &reply.aside {
            out.push_str(&self.show(aside, caller, lang));
        }
        out
    }

    /// Runs every line of `input`, echoing each command and printing its reply. A line that
    /// is not UTF-8 is reported with its number and skipped: one bad line never ends a
    /// session.
    ///
    /// # Errors
    /// Reading or writing failed.
    pub fn run(
        &self,
        mut input: impl BufRead,
        mut output: impl Write,
        echo: bool,
    ) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        for number in 1.. {
            bytes.clear();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            let notices = self.notices();
            if !notices.is_empty() {
                writeln!(output, "{notices}")?;
            }
            let Ok(line) = std::str::from_utf8(&bytes) else {
                let said =
                    i18n::text_with(self.lang, "console-not-utf8", &[("line", number.into())]);
                writeln!(output, "! {said}\n")?;
                output.flush()?;
                continue;
            };
            let shown = self.run_line(line);
            if shown.is_empty() {
                continue;
            }
            if echo {
                writeln!(output, "> {}", line.trim())?;
            }
            writeln!(output, "{shown}")?;
            output.flush()?;
        }
        Ok(())
    }
}
