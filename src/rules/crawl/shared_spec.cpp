// Spec keys both DCSS versions share (shared_spec.hpp).
#include "rules/crawl/shared_spec.hpp"

namespace fray::crawl {

RegenSources parse_regen_sources(SpecReader& r, bool troll_leather) {
  RegenSources s;
  s.troll_leather = troll_leather;
  // Only the amulet of regeneration is modelled; no other amulet changes a fight's numbers here.
  if (auto v = r.choice("amulet", {"none", "regeneration"})) s.amulet = *v == "regeneration";
  if (auto v = r.integer("artefact_regen", 0, 20)) s.artefacts = static_cast<int>(*v);
  if (auto v = r.integer("regeneration", 0, 3)) s.mutation = static_cast<int>(*v);
  s.trogs_hand = r.flag("trogs_hand").value_or(false);
  return s;
}

std::string regen_key_list() {
  std::string out;
  for (const RegenKeyDoc& d : kRegenKeyDocs) out += (out.empty() ? "" : ", ") + std::string(d.key);
  return out;
}

}  // namespace fray::crawl
