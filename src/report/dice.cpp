// fray/report/dice.cpp — `fray dist` and `fray roll` documents.
#include <fray/report/dice.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace fray {

Report dist_report(std::string_view expression, const Pmf& pmf, std::optional<DiceRange> range) {
  Report r;
  r.json = pmf_json(pmf);
  r.json["expression"] = expression;
  r.json["range"] = range ? nlohmann::json::array({range->min, range->max}) : nlohmann::json(nullptr);
  // The text says the range when the distribution's own ends are not it.
  const bool differs = range && (range->min != pmf.min() || range->max != pmf.max());
  r.text = fmt::format(
      "{}{}\n{}", expression,
      differs ? fmt::format(" (range {}..{}; the values listed are those a double can tell)", range->min, range->max)
              : "",
      pmf_table(pmf));
  return r;
}

Report dists_report(const std::vector<std::pair<std::string, Pmf>>& pmfs,
                    const std::vector<std::optional<DiceRange>>& ranges) {
  Report r;
  r.json = nlohmann::json::array();
  for (std::size_t i = 0; i < pmfs.size(); ++i) {
    const auto& [e, p] = pmfs[i];
    Report one = dist_report(e, p, i < ranges.size() ? ranges[i] : std::nullopt);
    r.json.push_back(std::move(one.json));
    r.text += fmt::format("{}{}", r.text.empty() ? "" : "\n", one.text);
  }
  // One expression keeps its one document; several are an array of them.
  if (pmfs.size() == 1) r.json = r.json.front();
  return r;
}

Report roll_report(std::string_view expression, std::uint64_t seed, std::string_view engine,
                   const std::vector<std::int64_t>& rolls) {
  Report r;
  r.json = {{"expression", expression}, {"seed", seed}, {"engine", engine}, {"rolls", rolls}};
  r.text = fmt::format("{} (seed {}, rng {}): {}", expression, seed, engine, fmt::join(rolls, " "));
  return r;
}

}  // namespace fray
