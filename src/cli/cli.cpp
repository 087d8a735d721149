// SPDX-License-Identifier: MIT
// Argument parsing, output and the subcommand registry of fortuna-cli.
#include "cli.hpp"

#include <charconv>
#include <cmath>

namespace fortuna::cli {

Arguments::Arguments(std::vector<std::string> words, std::set<std::string> value_options, std::set<std::string> flags) {
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (word.rfind("--", 0) != 0 || word == "--") {
            positional_.push_back(word);
            continue;
        }
        std::string name = word.substr(2);
        std::optional<std::string> inline_value;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inline_value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (flags.count(name)) {
            if (inline_value) throw UsageError("--" + name + " takes no value");
            flags_.insert(name);
        } else if (value_options.count(name)) {
            if (inline_value) {
                values_[name] = *inline_value;
            } else {
                if (i + 1 >= words.size()) throw UsageError("--" + name + " needs a value");
                values_[name] = words[++i];
            }
        } else {
            std::string known;
            for (const auto& v : value_options) known += " --" + v;
            for (const auto& f : flags) known += " --" + f;
            throw UsageError("unknown option --" + name + (known.empty() ? std::string() : "; this command takes" + known));
        }
    }
}

bool Arguments::flag(const std::string& name) const { return flags_.count(name) > 0; }

std::optional<std::string> Arguments::value(const std::string& name) const {
    const auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    return it->second;
}

std::string Arguments::required(const std::string& name) const {
    auto v = value(name);
    if (!v) throw UsageError("--" + name + " is required");
    return *v;
}

int Arguments::integer(const std::string& name, std::optional<int> fallback) const {
    const auto v = value(name);
    if (!v) {
        if (fallback) return *fallback;
        throw UsageError("--" + name + " is required");
    }
    int result = 0;
    const auto [end, error] = std::from_chars(v->data(), v->data() + v->size(), result);
    if (error != std::errc() || end != v->data() + v->size())
        throw UsageError("--" + name + " expects a whole number, not '" + *v + "'");
    return result;
}

double Arguments::number(const std::string& name, std::optional<double> fallback) const {
    const auto v = value(name);
    if (!v) {
        if (fallback) return *fallback;
        throw UsageError("--" + name + " is required");
    }
    try {
        std::size_t used = 0;
        const double result = std::stod(*v, &used);
        if (used != v->size() || !std::isfinite(result)) throw std::invalid_argument("");
        return result;
    } catch (const std::logic_error&) {
        throw UsageError("--" + name + " expects a number, not '" + *v + "'");
    }
}

const RulesLibrary& Context::library() const {
    if (!loaded) {
        loaded = RulesLibrary::load(data_dir);
        // A broken data file disables itself only: say which, then work with the rest.
        for (const DataError& problem : loaded->problems())
            err << "fortuna-cli: warning: left out a broken data file: " << problem.what() << "\n";
    }
    return *loaded;
}

std::vector<CommandInfo>& registry() {
    static std::vector<CommandInfo> commands;
    return commands;
}

Registration::Registration(std::string name, std::string synopsis, Command run) {
    registry().push_back({std::move(name), std::move(synopsis), std::move(run)});
}

void emit(Context& context, const nlohmann::json& document, const std::vector<std::string>& lines) {
    if (context.json) {
        context.out << document.dump(2) << "\n";
        return;
    }
    for (const auto& line : lines) context.out << line << "\n";
}

}  // namespace fortuna::cli
