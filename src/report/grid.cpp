// fray/report/grid.cpp — `fray path`, `fray fov`, `fray surprise` documents.
#include <fray/report/grid.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>

namespace fray {

using grid::Point;

namespace {

// The map drawn with some cells replaced (each row's trailing blanks trimmed).
template <class Glyph>
std::string draw(const grid::Map& map, Glyph glyph) {
  std::string out;
  for (int y = 0; y < map.height(); ++y) {
    std::string row;
    for (int x = 0; x < map.width(); ++x) row += glyph(Point{x, y});
    while (!row.empty() && row.back() == ' ') row.pop_back();
    out += row;
    out += '\n';
  }
  return out;
}

std::string cells_text(const std::vector<Point>& cells) {
  std::string out;
  for (Point p : cells) out += fmt::format("{}({},{})", out.empty() ? "" : " ", p.x, p.y);
  return out;
}

// The flags a Shattered Pixel Dungeon params value holds, by the names `fray path --flags` reads.
std::vector<std::string> spd_flag_names(int params) {
  std::vector<std::string> out;
  if (params & shattered_pd::stop_target) out.emplace_back("stop-target");
  if (params & shattered_pd::stop_chars) out.emplace_back("stop-chars");
  if (params & shattered_pd::stop_solid) out.emplace_back("stop-solid");
  if (params & shattered_pd::ignore_soft_solid) out.emplace_back("ignore-soft-solid");
  return out;
}

std::string fraction(std::int64_t num, std::int64_t den) {
  if (num == 0) return "0";
  if (num == den) return "1";
  return fmt::format("{}/{}", num, den);
}

}  // namespace

nlohmann::json point_json(Point p) { return nlohmann::json::array({p.x, p.y}); }

nlohmann::json points_json(const std::vector<Point>& cells) {
  nlohmann::json a = nlohmann::json::array();
  for (Point p : cells) a.push_back(point_json(p));
  return a;
}

Report ballistica_report(std::string_view rules, const grid::Map& map, Point from, Point to, bool magic, bool hit_chars,
                         const pixel_dungeon::BallisticaResult& res, const std::vector<Point>& trace) {
  const std::vector<Point> path = pixel_dungeon::path_cells(trace);
  Report r;
  r.json = {{"rules", rules},
            {"path", points_json(path)},
            {"result", point_json(res.result)},
            {"reason", std::string(pixel_dungeon::to_string(res.stop))},
            {"from", point_json(from)},
            {"to", point_json(to)},
            {"magic", magic},
            {"hit_chars", hit_chars},
            {"trace", points_json(trace)}};
  r.text = fmt::format("path from {},{} to {},{}{}{}: stops at {},{} ({})\n{}\n", from.x, from.y, to.x, to.y,
                       magic ? ", magic" : "", hit_chars ? ", hitting characters" : "", res.result.x, res.result.y,
                       pixel_dungeon::to_string(res.stop), cells_text(path));
  r.text += draw(map, [&](Point p) {
    if (p == res.result) return 'X';
    if (p == from) return 'o';
    for (Point q : path)
      if (q == p) return '*';
    return map.symbol(p);
  });
  r.text += "o start, * path, X where the projectile stops\n";
  return r;
}

Report ballistica_report(std::string_view rules, const grid::Map& map, Point from, Point to, int params,
                         const shattered_pd::Ballistica& b) {
  const auto names = spd_flag_names(params);
  Report r;
  r.json = {{"rules", rules},
            {"path", points_json(b.path)},
            {"collision", point_json(b.collision)},
            {"dist", b.dist},
            {"from", point_json(from)},
            {"to", point_json(to)},
            {"flags", names},
            {"params", params}};
  r.text = fmt::format(
      "Ballistica from {},{} to {},{} ({}): collision at {},{}, distance {}\npath to the map edge: {}\n", from.x,
      from.y, to.x, to.y, names.empty() ? std::string("wont-stop") : fmt::format("{}", fmt::join(names, ", ")),
      b.collision.x, b.collision.y, b.dist, cells_text(b.path));
  r.text += draw(map, [&](Point p) {
    if (p == b.collision) return 'X';
    if (p == from) return 'o';
    for (Point q : b.path)
      if (q == p) return '*';
    return map.symbol(p);
  });
  r.text += "o start, * path, X the collision\n";
  return r;
}

Report aim_report(const AimAnswer& a, const grid::Map& map) {
  const bool target_works = std::find(a.cells.begin(), a.cells.end(), a.to) != a.cells.end();
  Report r;
  r.json = {{"rules", a.rules},
            {"from", point_json(a.from)},
            {"to", point_json(a.to)},
            {"cells", points_json(a.cells)},
            {"count", a.cells.size()}};
  std::string how = "a thrown item: Ballistica.cast, stopping at characters";
  if (a.params) {
    const auto names = spd_flag_names(*a.params);
    r.json["flags"] = names;
    r.json["params"] = *a.params;
    how = fmt::format("Ballistica {}",
                      names.empty() ? std::string("wont-stop") : fmt::format("{}", fmt::join(names, ", ")));
  }
  const char who = map.character(a.to);
  const std::string what = who != 0 ? fmt::format("the character {}", who) : std::string("a cell with no character");
  r.text =
      fmt::format("aim from {},{} at {},{} ({}; {}): {}\n", a.from.x, a.from.y, a.to.x, a.to.y, what, how,
                  a.cells.empty() ? std::string("no cell to tap reaches it")
                                  : fmt::format("{} cell{} to tap", a.cells.size(), a.cells.size() == 1 ? "" : "s"));
  if (!a.cells.empty()) r.text += cells_text(a.cells) + "\n";
  r.text += draw(map, [&](Point p) {
    if (p == a.to) return target_works ? 'X' : 'x';
    if (p == a.from) return 'o';
    return std::binary_search(a.cells.begin(), a.cells.end(), p,
                              [](Point u, Point v) { return u.y != v.y ? u.y < v.y : u.x < v.x; })
               ? '*'
               : map.symbol(p);
  });
  r.text += fmt::format("o start, * a cell to tap, {}\n", target_works ? "X the target (a cell to tap too)"
                                                                       : "x the target (tapping it does not reach it)");
  return r;
}

Report fov_report(const grid::Map& map, const grid::Visibility& vis, const FovAnswer& a) {
  const std::vector<Point> cells = vis.cells();
  const bool unlimited = a.radius == 0 && a.zero_is_unlimited;
  Report r;
  r.json = {{"visible", points_json(cells)},
            {"count", cells.size()},
            {"at", point_json(a.at)},
            {"algorithm", a.algorithm},
            {"radius", unlimited ? nlohmann::json(nullptr) : nlohmann::json(a.radius)}};
  if (!a.rules.empty()) r.json["rules"] = a.rules;
  r.text = fmt::format("field of view from {},{} ({}, radius {}): {} cells visible\n", a.at.x, a.at.y, a.algorithm,
                       unlimited ? std::string("unlimited") : std::to_string(a.radius), cells.size());
  r.text += draw(map, [&](Point p) {
    if (p == a.at) return map.character(p) != 0 ? map.character(p) : '@';
    return vis.visible(p) ? map.symbol(p) : ' ';
  });
  r.text += "cells not visible are blank\n";
  return r;
}

Report surprise_report(std::string_view rules, std::string_view state, Point mob, Point hero,
                       const pixel_dungeon::SurpriseQuery& q, int radius, const pixel_dungeon::Surprise& s) {
  const int distance = grid::chebyshev(mob, hero);
  Report r;
  r.json = {{"rules", rules},
            {"sees", s.in_fov},
            {"in_fov", s.in_fov},
            {"p_surprise", s.p_surprise},
            {"p_notice", s.p_notice},
            {"p_surprise_fraction", fraction(s.den - s.notice_num, s.den)},
            {"p_notice_fraction", fraction(s.notice_num, s.den)},
            {"roll", s.roll_n ? nlohmann::json(*s.roll_n) : nlohmann::json(nullptr)},
            {"state", state},
            {"distance", distance},
            {"stealth", q.stealth},
            {"flying", q.flying},
            {"alerted", q.alerted},
            {"radius", radius},
            {"mob", point_json(mob)},
            {"hero", point_json(hero)}};
  std::string why;
  if (!s.in_fov)
    why = "the hero is outside the mob's field of view";
  else if (s.roll_n)
    why = fmt::format("in view; the mob notices when Random.Int({}) == 0", *s.roll_n);
  else if (q.alerted)
    why = "in view and the mob was just alerted";
  else
    why = "in view of a hunting mob";
  r.text = fmt::format(
      "{} mob at {},{}, hero at {},{} (distance {}, stealth {}{}, view distance {})\n"
      "mob sees the hero's cell: {}\n{}\n"
      "P(mob notices the hero) = {} = {:.6f}\n"
      "P(surprise attack: mob has not noticed) = {} = {:.6f}\n",
      state, mob.x, mob.y, hero.x, hero.y, distance, q.stealth, q.flying ? ", flying" : "", radius,
      s.in_fov ? "yes" : "no", why, fraction(s.notice_num, s.den), s.p_notice, fraction(s.den - s.notice_num, s.den),
      s.p_surprise);
  return r;
}

}  // namespace fray
