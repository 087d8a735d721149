// SPDX-License-Identifier: MIT
// Start-up of the fortuna executable: arguments, the default battle, the recovery offer, --screenshot.
#pragma once

namespace fortuna::app {

// fortuna [FILE]
// fortuna --screenshot OUT.png [--size WxH] [--command TEXT]... [--dock NAME] [FILE]
// fortuna --quit-after-paint [FILE]   (start-up benchmark)
int run_fortuna(int argc, char** argv);

}  // namespace fortuna::app
