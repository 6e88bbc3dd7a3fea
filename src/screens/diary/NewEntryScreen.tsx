// Placeholder until the diary issue builds this screen (owned by the diary work).
export default function NewEntryScreen() {
  return <h1>Новая запись</h1>;
}
