# Read by CTest after the tests are discovered (tests/CMakeLists.txt): the
# longest gtest tests, so that ctest -j starts them first on a fresh build
# (it has no timing history to order by) instead of leaving one of them last
# with the other core idle. Seconds of wall time on a loaded 2-core machine
# (docs/performance.md, "CI"); a name that is no longer a test is ignored.
set_tests_properties(CrawlVampiric.DuelWithDrainExactAndSampledAgree PROPERTIES COST 85)
set_tests_properties(Crawl034Vampiric.DuelWithDrainExactAndSampledAgree PROPERTIES COST 66)
set_tests_properties(Help.EveryVerbHasTwoExamplesThatRun PROPERTIES COST 53)
set_tests_properties(SpdCli.PathReproducesTheGamesBallistica PROPERTIES COST 43)
set_tests_properties(JsonShape.Fights PROPERTIES COST 28)
set_tests_properties(List.EveryCatalogOfEveryGame PROPERTIES COST 26)
set_tests_properties(CrawlPoison.DuelWithRegenerationIsSampled PROPERTIES COST 25)
set_tests_properties(BrogueRegeneration.RegenerationChangesTheOdds PROPERTIES COST 23)
set_tests_properties(EpixxFile.FightsWithConfusionAgree PROPERTIES COST 20)
set_tests_properties(EpixxFile.FightsWithoutConfusionAgree PROPERTIES COST 15)
