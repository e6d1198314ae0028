// refboost book: printed tables keep their lines, printed prose wraps (refboost.css).
// Output keeps its lines by default so printed tables stay aligned (they scroll when wider than the column).
// A line with two or more gaps of two or more spaces between fields is a table row; any other line is prose,
// which reads better wrapped than behind a scrollbar: a block with fewer than two table rows wraps as a whole,
// and in a block that mixes a table with prose each prose line wraps on its own.
document.addEventListener("DOMContentLoaded", () => {
  const row = /\S {2,}\S.* {2,}\S/;
  document.querySelectorAll("div.cell_output div.output pre").forEach((pre) => {
    const lines = pre.textContent.split("\n");
    const rows = lines.filter((line) => row.test(line)).length;
    if (rows < 2) {
      pre.classList.add("refboost-prose");
    } else if (Array.from(pre.children).every((c) => c.textContent === "")) {  // plain text (pygments adds an empty span)
      pre.textContent = "";
      lines.forEach((line, i) => {
        const text = i < lines.length - 1 ? line + "\n" : line;
        if (row.test(line) || /^[\s-]*$/.test(line)) {
          pre.append(text);
        } else {
          const span = document.createElement("span");
          span.className = "refboost-prose-line";
          span.textContent = text;
          pre.append(span);
        }
      });
    }
  });
});
