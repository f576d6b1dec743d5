// Word loops of a WGSL source written out before it is compiled: WGSL has no [[unroll]], and a
// loop over a field element's words that stays a loop indexes the element's array by the loop
// counter, which keeps the array out of registers (in local memory) on NVIDIA's compiler; the
// Vulkan shaders' rolled loops cost the BN254 walker 21 % of its time that way (BENCHMARKS.md,
// "the compiler's view"). The shaders mark such loops with a comment:
//
//   /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) { BODY }
//
// and unroll_word_loops() replaces each by its iterations, each in a block of its own that names
// the counter as a constant: `{ const w = 0u; BODY } { const w = 1u; BODY } …`, so every index
// is a constant expression and no array needs an address. The bound is FIELD_WORDS (the value of
// the source's `const FIELD_WORDS = Nu;`) or a literal such as `4u`; marked loops may nest.
// The body must not `break` or `continue` (refused). Unmarked loops, and every loop of a source
// that is not passed through here, stay as written: the marker is a comment, so the marked
// source is valid WGSL either way, and only the hot shaders are unrolled (the Vulkan shaders'
// choice: unrolling everything made the CPU-emulated compile slower).
#pragma once

#include <cstddef>
#include <regex>
#include <string>
#include <string_view>

namespace zkmsm::webgpu {

inline constexpr std::string_view kWordLoopMarker = "/* word loop */";

// `source` with every marked loop written out; false (and `error` says why) for a marked loop
// this cannot read: another header form, an unknown bound, unbalanced braces, break/continue.
inline bool unroll_word_loops(std::string_view source, std::string& out, std::string& error);

// ---- implementation ----------------------------------------------------------------------------

namespace detail {

// The index one past the `}` that closes the `{` at `open`, or npos.
inline std::size_t closing_brace_end(std::string_view text, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return i + 1;
  }
  return std::string_view::npos;
}

inline bool contains_word(std::string_view text, const std::string& word) {
  static const std::regex identifier("[A-Za-z_][A-Za-z0-9_]*");
  const std::string owned(text);
  for (auto it = std::sregex_iterator(owned.begin(), owned.end(), identifier); it != std::sregex_iterator(); ++it) {
    if (it->str() == word) return true;
  }
  return false;
}

inline bool unroll_word_loops_with(std::string_view source, long field_words, std::string& out, std::string& error) {
  static const std::regex header(R"(^\s*for\s*\(\s*var\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*0u\s*;\s*\1\s*<\s*)"
                                 R"((FIELD_WORDS|[0-9]+u)\s*;\s*\1\s*\+\+\s*\)\s*\{)");
  out.clear();
  std::size_t at = 0;
  while (true) {
    const std::size_t marker = source.find(kWordLoopMarker, at);
    if (marker == std::string_view::npos) {
      out.append(source.substr(at));
      return true;
    }
    out.append(source.substr(at, marker - at));
    const std::size_t after_marker = marker + kWordLoopMarker.size();
    const std::string rest(source.substr(after_marker));
    std::smatch match;
    if (!std::regex_search(rest, match, header, std::regex_constants::match_continuous)) {
      error = "a word loop's header is not `for (var i = 0u; i < BOUND; i++) {`: " + rest.substr(0, 60);
      return false;
    }
    const std::string counter = match[1].str();
    const std::string bound_text = match[2].str();
    long bound = 0;
    if (bound_text == "FIELD_WORDS") {
      if (field_words <= 0) {
        error = "a word loop runs to FIELD_WORDS, which the source does not define";
        return false;
      }
      bound = field_words;
    } else {
      bound = std::stol(bound_text);
    }
    const std::size_t open = after_marker + static_cast<std::size_t>(match.length(0)) - 1;
    const std::size_t end = closing_brace_end(source, open);
    if (end == std::string_view::npos) {
      error = "a word loop's body has no closing brace";
      return false;
    }
    const std::string_view body_text = source.substr(open + 1, end - open - 2);
    if (contains_word(body_text, "break") || contains_word(body_text, "continue")) {
      error = "a word loop's body leaves the loop early (break or continue)";
      return false;
    }
    std::string body;
    if (!unroll_word_loops_with(body_text, field_words, body, error)) return false;
    for (long k = 0; k < bound; ++k) {
      out += "{ const " + counter + " = " + std::to_string(k) + "u;" + body + "}";
      if (k + 1 < bound) out += ' ';
    }
    at = end;
  }
}

}  // namespace detail

inline bool unroll_word_loops(std::string_view source, std::string& out, std::string& error) {
  static const std::regex field_words_constant(R"(const\s+FIELD_WORDS\s*=\s*([0-9]+)u\s*;)");
  std::match_results<std::string_view::const_iterator> match;
  long field_words = 0;
  if (std::regex_search(source.begin(), source.end(), match, field_words_constant))
    field_words = std::stol(match[1].str());
  return detail::unroll_word_loops_with(source, field_words, out, error);
}

}  // namespace zkmsm::webgpu
