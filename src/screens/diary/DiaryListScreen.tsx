// Placeholder until the diary issue builds this screen (owned by the diary work).
export default function DiaryListScreen() {
  return <h1>Дневник</h1>;
}
