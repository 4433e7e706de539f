/**
 * What the regional cloud layer needs on the page once it is switched on — composing the stored
 * tiles into cells, its status line, and the slider's words for the forecast hours it adds — as
 * one chunk of its own, so `/`'s first load carries none of it (the layer is off by default).
 */
export { cloudHours, composeCloudCells } from './cloudCells.ts';
export { CloudLayerStatus } from './cloudStatus.tsx';
export { ForecastHourStatus, forecastPositionText } from './forecastHour.tsx';
