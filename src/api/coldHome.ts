// Home's first frame, the build's file that index.html names (vite-plugins/cold-home.ts, decision 0285), as JSON.
// Plain fetch, not the app's client (./client.ts): index.html's early script, which asks for it, carries none of it.
export async function fetchColdHome(url: string): Promise<unknown> {
  return (await fetch(url)).json();
}
