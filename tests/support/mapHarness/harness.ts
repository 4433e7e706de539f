/**
 * The map's OpenLayers wrapper alone, built like the app (tests/unit/features/map/mapBundle.test.ts
 * reads what its chunk carries). A dynamic import, as the map page loads it.
 */
void import('../../../src/features/map/olmap/AuroraMap.tsx');
