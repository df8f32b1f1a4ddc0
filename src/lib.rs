//! Leapfrog: a Discord bot for abstract jumping-and-stacking board games.
//!
//! The layers, each in its own module (see the README's Layout):
//! - [`games`]: the pure rules engines;
//! - [`play`]: commands in, replies out, the platform-agnostic heart of the bot;
//! - [`store`]: where games live (sled);
//! - [`render`]: positions to PNG;
//! - [`discord`]: the gateway bot and the HTTP interactions endpoint;
//! - [`ai`]: computer opponents;
//! - [`ratings`]: ratings per user and game (pure);
//! - [`tournament`]: tournament pairings and standings (pure);
//! - [`ops`]: health, readiness, metrics, shutdown and logs, for whoever runs the bot.
//!
//! Arrows point one way: discord → play → {games, store, render}; render → games.

pub mod ai;
pub mod calendar;
pub mod config;
pub mod console;
pub mod discord;
pub mod games;
pub mod i18n;
pub mod metrics;
pub mod ops;
pub mod play;
pub mod ratings;
pub mod render;
pub mod store;
pub mod tournament;
pub mod web;
pub mod words;
