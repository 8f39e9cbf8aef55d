// One seeded random game through the C ABI from C++17, with a small RAII wrapper: handles
// live in std::unique_ptr with the library's free functions, and a failing call throws with
// the library's full message.
//
//   play_cpp [RULES [SEED]]
//
// Build (see the README, "C and C++"):
//   cargo build --release -p stratego-ffi
//   c++ -std=c++17 -Wall -Wextra -Wpedantic -Iinclude examples/c/play.cpp
//       target/release/libstratego.a -lgcc_s -lutil -lrt -lpthread -lm -ldl -o play_cpp   (one line)
#include <cstdint>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "stratego.h"

namespace stratego {

// The last failure's code and full text, as an exception.
class Error : public std::runtime_error {
 public:
  Error(stratego_result code, const std::string& what) : std::runtime_error(what), code_(code) {}
  stratego_result code() const { return code_; }

 private:
  stratego_result code_;
};

inline std::string last_error() {
  std::size_t len = 0;
  stratego_last_error_message(nullptr, 0, &len);
  std::string text(len + 1, '\0');
  if (stratego_last_error_message(&text[0], text.size(), &len) != STRATEGO_RESULT_OK) return {};
  text.resize(len);
  return text;
}

inline void check(stratego_result code, const char* what) {
  if (code != STRATEGO_RESULT_OK) {
    throw Error(code, std::string(what) + ": " + stratego_result_message(code) + ": " + last_error());
  }
}

// A C function that writes text into (buf, cap, len_out), called twice: length, then text.
template <typename F>
std::string text_of(F&& write) {
  std::size_t len = 0;
  write(nullptr, 0, &len);
  std::string text(len + 1, '\0');
  check(write(&text[0], text.size(), &len), "text");
  text.resize(len);
  return text;
}

template <typename T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};

class Rules {
 public:
  explicit Rules(const std::string& text) {
    stratego_rules* raw = nullptr;
    check(stratego_rules_parse(text.c_str(), &raw), "rules");
    handle_.reset(raw);
  }
  const stratego_rules* get() const { return handle_.get(); }
  std::string rank_label(stratego_rank rank) const { return stratego_rules_rank_label(get(), rank); }

 private:
  std::unique_ptr<stratego_rules, Deleter<stratego_rules, stratego_rules_free>> handle_;
};

class Setup {
 public:
  Setup(const Rules& rules, stratego_player player, std::uint64_t seed) {
    stratego_setup* raw = nullptr;
    check(stratego_setup_random(rules.get(), player, seed, &raw), "setup");
    handle_.reset(raw);
  }
  const stratego_setup* get() const { return handle_.get(); }

 private:
  std::unique_ptr<stratego_setup, Deleter<stratego_setup, stratego_setup_free>> handle_;
};

class Game {
 public:
  Game(const Rules& rules, const Setup& red, const Setup& blue) {
    stratego_game* raw = nullptr;
    check(stratego_game_new(rules.get(), red.get(), blue.get(), &raw), "new game");
    handle_.reset(raw);
  }
  stratego_outcome outcome() const {
    stratego_outcome o;
    check(stratego_game_outcome(get(), &o), "outcome");
    return o;
  }
  std::vector<std::uint32_t> legal_actions() const {
    std::size_t len = 0;
    stratego_game_legal_actions(get(), nullptr, 0, &len);
    std::vector<std::uint32_t> ids(len);
    check(stratego_game_legal_actions(get(), ids.data(), ids.size(), &len), "legal actions");
    ids.resize(len);
    return ids;
  }
  void play(std::uint32_t action) { check(stratego_game_play_action(get(), action), "play"); }
  std::vector<stratego_move_report> history() const {
    std::vector<stratego_move_report> out(stratego_game_history_len(get()));
    for (std::size_t i = 0; i < out.size(); i++) check(stratego_game_history_at(get(), i, &out[i]), "history");
    return out;
  }
  std::string picture() const {
    return text_of([this](char* b, std::size_t c, std::size_t* l) { return stratego_game_picture(get(), b, c, l); });
  }
  std::uint32_t ply() const { return stratego_game_ply(get()); }
  stratego_game* get() const { return handle_.get(); }

 private:
  std::unique_ptr<stratego_game, Deleter<stratego_game, stratego_game_free>> handle_;
};

}  // namespace stratego

namespace {

std::string square(stratego_square s) {
  return std::string(1, static_cast<char>('a' + s.col)) + std::to_string(s.row + 1);
}

const char* player_name(stratego_player p) {
  return p == STRATEGO_PLAYER_RED ? "red" : p == STRATEGO_PLAYER_BLUE ? "blue" : "nobody";
}

}  // namespace

int main(int argc, char** argv) {
  const std::string rules_text = argc > 1 ? argv[1] : "isf";
  const std::uint64_t seed = argc > 2 ? std::stoull(argv[2]) : 7;
  const char* const terminations[] = {"",        "flag captured", "no legal move", "both stuck",
                                      "ply cap", "no battle cap", "resignation"};
  const char* const results[] = {"", "attacker wins", "defender wins", "both die"};
  try {
    std::cout << "libstratego " << stratego_version() << ", rules " << rules_text << ", seed " << seed << "\n";
    stratego::Rules rules(rules_text);
    stratego::Game game(rules, stratego::Setup(rules, STRATEGO_PLAYER_RED, seed),
                        stratego::Setup(rules, STRATEGO_PLAYER_BLUE, seed + 1));
    std::cout << game.picture();

    // A small generator of our own picks among the legal action ids (sorted, mover's frame).
    std::uint64_t state = seed;
    for (int ply = 0; !game.outcome().is_over && ply < 100000; ply++) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::vector<std::uint32_t> ids = game.legal_actions();
      game.play(ids[(state >> 33) % ids.size()]);
    }

    const std::vector<stratego_move_report> history = game.history();
    for (std::size_t i = 0; i < history.size(); i++) {
      const stratego_move_report& r = history[i];
      if (r.battle == STRATEGO_BATTLE_NONE) continue;
      std::cout << "ply " << i + 1 << "  " << player_name(r.player) << " " << square(r.mv.from) << "-"
                << square(r.mv.to) << "  " << stratego_rank_name(r.attacker) << " (" << rules.rank_label(r.attacker)
                << ") attacks " << stratego_rank_name(r.defender) << " (" << rules.rank_label(r.defender)
                << "): " << results[r.battle] << "\n";
    }
    std::cout << game.picture();
    const stratego_outcome o = game.outcome();
    if (o.winner == STRATEGO_PLAYER_NONE) {
      std::cout << "result: draw (" << terminations[o.termination] << ") after " << game.ply() << " plies\n";
    } else {
      std::cout << "result: " << player_name(o.winner) << " wins by " << terminations[o.termination] << " after "
                << game.ply() << " plies\n";
    }
    // A refused move throws with the engine's reason, and the game is as it was.
    try {
      game.play(0);
    } catch (const stratego::Error& e) {
      std::cout << "after the end: " << e.what() << "\n";
    }
  } catch (const stratego::Error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
