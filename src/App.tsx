export function App() {
  return <h1>Aurora Map</h1>;
}
