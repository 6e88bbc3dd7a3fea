// Placeholder until the diary issue builds this screen (owned by the diary work).
export default function DiaryEntryScreen() {
  return <h1>Запись</h1>;
}
