// SPDX-License-Identifier: MIT
// Every sentence a person reads of a game, in the library's English: what a message catalogue
// must know (issue 28, item 5). `fortuna-cli words corpus` prints it; the catalogue tests check it.
#pragma once

#include <string>
#include <vector>

namespace fortuna {

class GameSession;

// Plays the session with the programmed opponents on both sides, at most `most` actions, and
// gathers what the desk, the companion and the sheets show through the seam: the clock, the state
// lines, the duties, the pieces' states, each proposal's reason, preview and odds, each action's
// summary and steps, refusals, the outcome, the public state's sentences, the sheets' texts and
// the battle report. One line a sentence (indents dropped), each once, in the order first read.
std::vector<std::string> words_read_in_play(GameSession& session, int most);

// The game's own names, which stay as the scenario writes them in every language: the battle's,
// the sides', and every unit's, general's and place's name in its roster and public state. The
// coverage checks leave them out of a sentence before they ask a catalogue about it.
std::vector<std::string> names_in_play(const GameSession& session);

// `line` with each of `names` (longest first) put as "X": what is left is the sentence of ours.
std::string without_names(std::string line, const std::vector<std::string>& names);

}  // namespace fortuna
