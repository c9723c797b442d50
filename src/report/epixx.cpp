// The epixx `turn` answer as a report.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <fray/report/epixx.hpp>

namespace fray {

namespace {

using nlohmann::json;

// "41.67 % (15/36)" when p is a whole number of 36ths, else "32.02 %".
std::string p_text(double p) {
  const double k = p * 36;
  if (std::abs(k - std::round(k)) < 1e-9) return fmt::format("{} ({}/36)", percent(p), static_cast<int>(std::round(k)));
  return percent(p);
}

}  // namespace

Report turn_report(const epixx::TurnResult& t) {
  using epixx::Result;
  Report r;
  json attacks = json::array();
  std::string& text = r.text;
  text = fmt::format("epixx 2D6 rogue: one turn of defender {} against {} {} attack{}\n", t.defender, t.attacks.size(),
                     epixx::name(t.kind), t.attacks.size() == 1 ? "" : "s");
  if (!t.situation.empty()) text += fmt::format("  situation: {}\n", fmt::join(t.situation, ", "));
  for (std::size_t i = 0; i < t.attacks.size(); ++i) {
    const epixx::TurnAttack& a = t.attacks[i];
    json outcomes = json::array();
    std::string line;
    for (int k = 0; k < epixx::result_count; ++k) {
      const auto res = static_cast<Result>(k);
      const double p = a.results.of(res);
      outcomes.push_back({{"kind", epixx::name(res)}, {"p", p}, {"lands", epixx::lands(res)}});
      line += fmt::format("{}{} {}", line.empty() ? "" : ", ", epixx::name(res), p_text(p));
    }
    const auto steps = epixx::describe(a.plan);
    attacks.push_back(
        {{"attacker", a.attacker}, {"p_hit", a.results.hit}, {"outcomes", std::move(outcomes)}, {"steps", steps}});
    text += fmt::format("attack {} ({}):\n", i + 1, a.attacker);
    for (const auto& s : steps) text += "  " + s + "\n";
    text +=
        fmt::format("  P(hit) = {} ({})\n  outcomes: {}\n", significant(a.results.hit), percent(a.results.hit), line);
  }
  for (const auto& n : t.notes) text += "note: " + n + "\n";
  text += "hits:\n" + pmf_table(t.hits, "hits");
  text += "damage after resistance (a miss counts as 0):\n" + pmf_table(t.damage, "damage");
  text += fmt::format("P(defender confused: started so, or failed a critical effect check) = {} ({})\n",
                      significant(t.p_confused), percent(t.p_confused));
  r.json = {{"rules", "epixx"},
            {"defender", t.defender},
            {"situation", t.situation},
            {"kind", epixx::name(t.kind)},
            {"attacks", std::move(attacks)},
            {"hits", pmf_json(t.hits)},
            {"damage", pmf_json(t.damage)},
            {"mean_damage", t.damage.mean()},
            {"p_confused", t.p_confused},
            {"notes", t.notes}};
  return r;
}

}  // namespace fray
