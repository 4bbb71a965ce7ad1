#include "data.h"

int main() {
  torch::manual_seed(0);
  // Initialize (data.cpp) and Reset (inline) leave `hidden`; the vector member is another one.
  Data kept;
  kept.hidden = 50;
  kept.widths = {16, 32};
  kept.Initialize(4);
  kept.Reset();
  run(kept, 0);
  // Written by a method of data.cpp, by an inline one, in place, or given away: unknown.
  Data widened, grown, doubled, registered;
  widened.hidden = 50;
  widened.Widen();
  run(widened, 1);
  grown.hidden = 50;
  grown.Grow(2);
  run(grown, 2);
  doubled.hidden = 50;
  doubled.hidden *= 2;
  run(doubled, 3);
  registered.hidden = 50;
  registered.Register();
  run(registered, 4);
}
