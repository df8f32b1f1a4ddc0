# /settings: how a player hears of their turn, the language they read, and (admins) the
# server's threads and language.

settings-threads-not-server = Threads are a server setting, and this is not a server.
settings-threads-admins-only = Only the server's admins (Manage Server) can change whether games get threads.
settings-language-not-server = The server's language is a server setting, and this is not a server.
settings-language-admins-only = Only the server's admins (Manage Server) can change the server's language.
settings-notify = { $saved ->
    [yes] Saved: you will hear
   *[no] You hear
} of your turn and of reminders { $how ->
    [channel] with a mention in the game's channel
    [dm] by direct message (a mention in the channel if your DMs are closed)
   *[off] not at all (boards are still posted, without a ping)
}. Change it with /settings notify:channel|dm|off.
settings-language = { $saved ->
    [yes] Saved: you read
   *[no] You read
} your answers in { $language } (`{ $code }`) { $chosen ->
    [yes] (your choice)
   *[no] (your Discord's language)
}. Change it with /settings language:en|ru|pl.
settings-threads = On this server each new game { $on ->
    [yes] gets its own thread for its boards
   *[no] is played in the channel where it was accepted
} (admins: /settings threads:on|off).
settings-server-language = This server's boards and notices are in { $language } (`{ $code }`; admins: /settings server_language:en|ru|pl).
settings-tournaments-not-server = Who may make tournaments is a server setting, and this is not a server.
settings-tournaments-admins-only = Only the server's admins (Manage Server) can choose who may make tournaments.
settings-tournaments = { $hosts ->
    [admins] Only admins
   *[everyone] Everyone
} may make tournaments here (admins: /settings tournaments:admins|everyone).
