// SPDX-License-Identifier: MIT
// fortuna: the Qt Widgets application; everything but the entry point lives in fortuna_app.
#include "application.hpp"

int main(int argc, char** argv) { return fortuna::app::run_fortuna(argc, argv); }
