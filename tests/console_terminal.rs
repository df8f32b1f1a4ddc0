//! The console as a person runs it: at a terminal (a pseudo-terminal, not a pipe), where
//! it also serves the game pages. A move tapped on a page is said on the console, and the
//! pages keep answering while the console waits for the next line.

#![cfg(unix)]

use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A pseudo-terminal: the side a person types at (`master`) and the device the program
/// gets as its standard input, output and error.
struct Terminal {
    master: std::fs::File,
    device: OwnedFd,
}

impl Terminal {
    fn open() -> Self {
        // SAFETY: plain calls of the C library's pseudo-terminal functions; every result is
        // checked before it is used, and each descriptor is owned exactly once.
        unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
            assert!(master >= 0, "posix_openpt");
            assert_eq!(libc::grantpt(master), 0, "grantpt");
            assert_eq!(libc::unlockpt(master), 0, "unlockpt");
            let mut name = [0 as libc::c_char; 128];
            assert_eq!(libc::ptsname_r(master, name.as_mut_ptr(), name.len()), 0);
            let device = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
            assert!(device >= 0, "opening the terminal device");
            Self {
                master: std::fs::File::from_raw_fd(master),
                device: OwnedFd::from_raw_fd(device),
            }
        }
    }

    fn stdio(&self) -> Stdio {
        Stdio::from(self.device.try_clone().unwrap())
    }
}

/// `leapfrog local` at a terminal, and everything it has printed so far.
struct Console {
    child: Child,
    typing: std::fs::File,
    screen: Arc<Mutex<String>>,
    _dir: tempfile::TempDir,
}

impl Console {
    fn start() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config.toml");
        // Any free port: the console says which on its banner.
        std::fs::write(&config, "[web]\nlisten = \"127.0.0.1:0\"\n").unwrap();
        let terminal = Terminal::open();
        let child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
            .arg("--config")
            .arg(&config)
            .args(["local", "--data"])
            .arg(dir.path().join("data"))
            .arg("--out")
            .arg(dir.path().join("out"))
            .stdin(terminal.stdio())
            .stdout(terminal.stdio())
            .stderr(terminal.stdio())
            .spawn()
            .expect("the binary runs");
        let typing = terminal.master.try_clone().unwrap();
        let screen = Arc::new(Mutex::new(String::new()));
        let shown = Arc::clone(&screen);
        let mut master = terminal.master;
        // The terminal is read all along, as a terminal window does: a program never waits
        // for a full terminal here.
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = master.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                shown
                    .lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        assert!(terminal.device.as_raw_fd() >= 0);
        Self {
            child,
            typing,
            screen,
            _dir: dir,
        }
    }

    fn type_line(&mut self, line: &str) {
        self.typing.write_all(line.as_bytes()).unwrap();
        self.typing.write_all(b"\n").unwrap();
    }

    /// Waits (up to 20 s) until the screen, after its first `skip` bytes, shows `text`;
    /// returns the whole screen.
    fn wait_for(&self, skip: usize, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let screen = self.screen.lock().unwrap().clone();
            if screen.get(skip..).is_some_and(|s| s.contains(text)) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "the console never showed {text:?}; it showed:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn shown(&self) -> usize {
        self.screen.lock().unwrap().len()
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request to `site` (`http://host:port`): `line` is the method and path.
/// Returns the status and the body; fails the test if no answer comes within 10 s.
fn http(site: &str, line: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    let host = site.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut request = format!("{line} HTTP/1.1\r\nhost: {host}\r\nconnection: close\r\n");
    for (name, value) in headers {
        request += &format!("{name}: {value}\r\n");
    }
    request += &format!("content-length: {}\r\n\r\n{body}", body.len());
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    if let Err(error) = stream.read_to_end(&mut answer) {
        panic!("no answer to {line} within 10 s: {error}");
    }
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"));
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_owned())
}

/// The first `http://…` address on `screen` after `after`, up to the end of its word.
fn address_after(screen: &str, after: &str) -> String {
    let from = screen.find(after).expect("the text is on screen");
    let start = from + screen[from..].find("http://").expect("an address follows");
    screen[start..]
        .split(|c: char| c.is_whitespace())
        .next()
        .unwrap()
        .to_owned()
}

#[test]
fn a_move_tapped_on_a_page_is_said_on_the_console_and_every_page_keeps_answering() {
    let mut console = Console::start();
    let banner = console.wait_for(0, "/games/1");
    let site = address_after(&banner, "http://")
        .trim_end_matches("/games/1")
        .to_owned();
    console.type_line("@alice /play jump-sturdy opponent:@bob seat:first");
    console.wait_for(0, "/accept");
    console.type_line("@bob /accept");
    let typed = console.shown();
    console.type_line("@alice /web");
    let screen = console.wait_for(typed, "?t=");
    let tail = &screen[typed..];
    let at = tail.find("?t=").unwrap();
    let link = tail[tail[..at].rfind("http://").unwrap()..]
        .split_whitespace()
        .next()
        .unwrap();
    let token = link.split("?t=").nth(1).unwrap().to_owned();
    let before = console.shown();
    // What the page sends when alice taps d1, then d2.
    let (status, body) = http(
        &site,
        "POST /api/games/1/act?lang=en",
        &[
            ("authorization", &format!("Bearer {token}")),
            ("sec-fetch-site", "same-origin"),
            ("content-type", "application/json"),
        ],
        r#"{"what": "d1-d2", "answer": false, "plies": 0}"#,
    );
    assert_eq!(status, 200, "{body}");
    // The console says it, though it is waiting for a line at the terminal…
    console.wait_for(before, "d1-d2");
    // … and every page still answers, again and again.
    for _ in 0..3 {
        let (status, _) = http(&site, "GET /games/1", &[], "");
        assert_eq!(status, 200);
    }
    // The console itself goes on.
    let typed = console.shown();
    console.type_line("@bob /board");
    console.wait_for(typed, ".png");
}
