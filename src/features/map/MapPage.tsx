export function MapPage() {
  return <h1>Aurora Map</h1>;
}
export default MapPage;
