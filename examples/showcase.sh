#!/bin/sh
# `make run`: a tour of what fray answers, from the embedded catalogs only.
fray=${1:-build/fray}
section() { printf '\n== %s\n$ fray %s\n' "$1" "$2"; }
run() { title=$1; shift; section "$title" "$*"; "$fray" "$@" || exit 1; }

run "Exact dice: ability scores, 4d6 keep the highest 3" dist 4d6kh3
run "Pixel Dungeon: a level-5 warrior with the STR 18 a war hammer needs hits a gnoll scout" attack --rules pixel-dungeon --attacker hero:class=warrior,level=5,str=18,weapon=war_hammer --defender gnoll_scout
run "Brogue CE: the starting player against a goblin, melee to the death (what is left out is listed)" duel --rules brogue --a player --b goblin
run "Pixel Dungeon: the same warrior against a gnoll brute" duel --rules pixel-dungeon --a hero:class=warrior,level=5,str=18,weapon=war_hammer --b gnoll_brute
run "Crawl 0.19: a fighter with a long sword hits an orc warrior" attack --rules crawl --attacker player:fighting=5,weapon_skill=5,weapon=long_sword,hp=40 --defender orc_warrior
run "Crawl 0.19: the same fight to the death (the player's attack delay is random: sampled)" duel --rules crawl --a player:fighting=5,weapon_skill=5,weapon=long_sword,hp=40 --b orc_warrior --seed 1
run "Crawl 0.19: attacks and time for the orc warrior to kill that fighter" ttk --rules crawl --attacker orc_warrior --defender player:fighting=5,weapon_skill=5,weapon=long_sword,hp=40
run "Crawl 0.34: a fighter (long blades 4, a fixed 12 aut delay) against an orc warrior with a mace, exact" duel --rules crawl-0.34 --a player:dex=15,str=15,fighting=5,long_blades=4,weapon=long_sword,hp=40 --b orc_warrior:weapon=mace
run "epixx: a fighter with a shield faces an ogre" attack --rules epixx --attacker ogre --defender fighter
run "epixx: a human fighter against an ogre, defences and confusion carried hit by hit" duel --rules epixx --a human_fighter --b ogre
run "Shattered Pixel Dungeon: a level-12 Duelist champion with a +2 rapier against a gnoll brute" duel --rules shattered-pd --a hero:class=duelist,subclass=champion,level=12,str=14,weapon=rapier,weapon_level=2,armor=mail,armor_level=1 --b gnoll_brute
