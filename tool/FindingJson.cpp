#include "ampify/FindingJson.h"

#include "ampify/BoundedInput.h"

#include "llvm/Support/MemoryBuffer.h"

#include <limits>

namespace ampify {
namespace json = llvm::json;

// Static, not in an anonymous namespace: llvm::json finds fromJSON overloads by argument-dependent
// lookup, which sees namespace ampify but not a nested unnamed namespace.

/// `value` as an unsigned, if it is an integer in range.
static std::optional<unsigned> unsignedOf(const json::Value &value) {
  std::optional<int64_t> integer = value.getAsInteger();
  if (!integer || *integer < 0 || *integer > std::numeric_limits<unsigned>::max())
    return std::nullopt;
  return static_cast<unsigned>(*integer);
}

static bool mapUnsigned(const json::Object &o, llvm::StringRef key, unsigned &out, json::Path path) {
  const json::Value *value = o.get(key);
  std::optional<unsigned> parsed = value ? unsignedOf(*value) : std::nullopt;
  if (!parsed) {
    path.field(key).report("expected an unsigned integer");
    return false;
  }
  out = *parsed;
  return true;
}

static json::Value toJSON(const SourcePoint &p) {
  return json::Object{{"file", p.file}, {"line", p.line}, {"column", p.column}, {"offset", p.offset}};
}

static bool fromJSON(const json::Value &v, SourcePoint &p, json::Path path) {
  json::ObjectMapper o(v, path);
  const json::Object *object = v.getAsObject();
  return o && o.map("file", p.file) && mapUnsigned(*object, "line", p.line, path) &&
         mapUnsigned(*object, "column", p.column, path) && mapUnsigned(*object, "offset", p.offset, path);
}

static json::Value toJSON(const FindingNote &n) {
  return json::Object{{"where", toJSON(n.where)}, {"message", n.message}};
}

static bool fromJSON(const json::Value &v, FindingNote &n, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("where", n.where) && o.map("message", n.message);
}

static json::Value replacementToJSON(const clang::tooling::Replacement &r) {
  // .str(): a json::Value made from a StringRef does not own it, and the finding may be gone
  // before the value is written (a worker serialises a temporary result).
  return json::Object{{"file", r.getFilePath().str()}, {"offset", r.getOffset()}, {"length", r.getLength()},
                      {"text", r.getReplacementText().str()}};
}

static bool replacementsFromJSON(const json::Value *v, std::vector<clang::tooling::Replacement> &out,
                                 json::Path path) {
  if (!v)
    return true;
  const json::Array *array = v->getAsArray();
  if (!array) {
    path.report("expected an array of fixes");
    return false;
  }
  for (size_t i = 0; i < array->size(); ++i) {
    json::Path at = path.index(i);
    json::ObjectMapper o((*array)[i], at);
    std::string file, text;
    unsigned offset = 0, length = 0;
    if (!(o && o.map("file", file) && o.map("text", text) &&
          mapUnsigned(*(*array)[i].getAsObject(), "offset", offset, at) &&
          mapUnsigned(*(*array)[i].getAsObject(), "length", length, at)))
      return false;
    out.emplace_back(file, offset, length, text);
  }
  return true;
}


json::Value toJSON(const Finding &f) {
  json::Array notes, fixes;
  for (const FindingNote &n : f.notes)
    notes.push_back(toJSON(n));
  for (const auto &r : f.fixes)
    fixes.push_back(replacementToJSON(r));
  json::Object digests;
  for (const auto &[file, digest] : f.parsedDigests)
    digests[file] = llvm::utohexstr(digest); // 64-bit values do not survive JSON numbers
  return json::Object{{"rule", f.rule},
                      {"severity", severityName(f.severity)},
                      {"where", toJSON(f.where)},
                      {"message", f.message},
                      {"notes", std::move(notes)},
                      {"fixes", std::move(fixes)},
                      {"parsedDigests", std::move(digests)}};
}

bool fromJSON(const json::Value &v, Finding &f, json::Path path) {
  json::ObjectMapper o(v, path);
  std::string severity;
  if (!(o && o.map("rule", f.rule) && o.map("severity", severity) && o.map("where", f.where) &&
        o.map("message", f.message) && o.mapOptional("notes", f.notes) &&
        replacementsFromJSON(v.getAsObject()->get("fixes"), f.fixes, path.field("fixes"))))
    return false;
  if (severity == "note")
    f.severity = Severity::Note;
  else if (severity == "warning")
    f.severity = Severity::Warning;
  else if (severity == "error")
    f.severity = Severity::Error;
  else {
    path.field("severity").report("expected note, warning or error");
    return false;
  }
  if (const json::Object *digests = v.getAsObject()->getObject("parsedDigests"))
    for (const auto &[file, digest] : *digests) {
      uint64_t value = 0;
      auto text = digest.getAsString();
      if (!text || text->getAsInteger(16, value)) {
        path.field("parsedDigests").report("expected hexadecimal digests");
        return false;
      }
      f.parsedDigests[file.str()] = value;
    }
  return true;
}

static json::Value toJSON(const ConstantOperation &c) {
  json::Object operation{{"op", c.op}, {"operand", c.operand}, {"operandFirst", c.operandFirst}};
  if (c.parameterAtCall) {
    operation["parameterAtCall"] = *c.parameterAtCall;
    operation["fieldAtCall"] = c.fieldAtCall;
  }
  return operation;
}

static bool fromJSON(const json::Value &v, ConstantOperation &c, json::Path path) {
  json::ObjectMapper o(v, path);
  if (!o || !o.map("op", c.op) || !o.map("operand", c.operand) || !o.map("operandFirst", c.operandFirst) ||
      !o.mapOptional("fieldAtCall", c.fieldAtCall))
    return false;
  if (!v.getAsObject()->get("parameterAtCall"))
    return true;
  unsigned parameter = 0;
  if (!mapUnsigned(*v.getAsObject(), "parameterAtCall", parameter, path))
    return false;
  c.parameterAtCall = parameter;
  return true;
}

static json::Value toJSON(const SameCallOperand &s) {
  json::Object operand{{"parameter", s.parameter}, {"field", s.field}};
  if (!s.computed.empty()) {
    json::Array computed;
    for (const ConstantOperation &c : s.computed)
      computed.push_back(toJSON(c));
    operand["computed"] = std::move(computed);
  }
  if (!s.global.empty())
    operand["global"] = s.global;
  return operand;
}

static bool fromJSON(const json::Value &v, SameCallOperand &s, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && mapUnsigned(*v.getAsObject(), "parameter", s.parameter, path) && o.map("field", s.field) &&
         o.mapOptional("computed", s.computed) && o.mapOptional("global", s.global);
}

static json::Value toJSON(const CrossUnitArithmetic &a) {
  json::Object arithmetic{{"op", a.op}, {"operand", a.operand}, {"operandFirst", a.operandFirst}};
  if (a.operandAtCall)
    arithmetic["operandAtCall"] = toJSON(*a.operandAtCall);
  return arithmetic;
}

static bool fromJSON(const json::Value &v, CrossUnitArithmetic &a, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("op", a.op) && o.map("operand", a.operand) && o.map("operandFirst", a.operandFirst) &&
         o.mapOptional("operandAtCall", a.operandAtCall);
}

static json::Value toJSON(const CrossUnitStep &s) {
  json::Object step{{"where", toJSON(s.where)}, {"message", s.message}, {"definedName", s.definedName}};
  if (s.arithmetic)
    step["arithmetic"] = toJSON(*s.arithmetic);
  return step;
}

static bool fromJSON(const json::Value &v, CrossUnitStep &s, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("where", s.where) && o.map("message", s.message) && o.map("definedName", s.definedName) &&
         o.mapOptional("arithmetic", s.arithmetic);
}

static json::Value toJSON(const ParameterExport &e) {
  json::Array steps;
  for (const CrossUnitStep &s : e.steps)
    steps.push_back(toJSON(s));
  json::Object attributes;
  for (const auto &[key, value] : e.attributes)
    attributes[key] = value;
  return json::Object{{"rule", e.rule},
                      {"function", e.function},
                      {"parameter", e.parameter},
                      {"field", e.field},
                      {"use", toJSON(e.use)},
                      {"steps", std::move(steps)},
                      {"attributes", std::move(attributes)}};
}

static bool fromJSON(const json::Value &v, ParameterExport &e, json::Path path) {
  json::ObjectMapper o(v, path);
  if (!(o && o.map("rule", e.rule) && o.map("function", e.function) &&
        mapUnsigned(*v.getAsObject(), "parameter", e.parameter, path) && o.map("field", e.field) &&
        o.map("use", e.use) && o.map("steps", e.steps)))
    return false;
  const json::Object *attributes = v.getAsObject()->getObject("attributes");
  if (!attributes) {
    path.field("attributes").report("expected an object");
    return false;
  }
  for (const auto &[key, value] : *attributes) {
    auto text = value.getAsString();
    if (!text) {
      path.field("attributes").report("expected strings");
      return false;
    }
    e.attributes[key.str()] = text->str();
  }
  return true;
}

static json::Value toJSON(const CrossUnitParameter &p) {
  return json::Object{{"function", p.function}, {"parameter", p.parameter}, {"field", p.field}};
}

static json::Value toJSON(const ArgumentImport &i) {
  json::Array steps;
  for (const CrossUnitStep &s : i.steps)
    steps.push_back(toJSON(s));
  json::Object import{
      {"function", i.function}, {"parameter", i.parameter}, {"field", i.field}, {"value", i.value},
      {"steps", std::move(steps)}, {"call", toJSON(i.call)}};
  if (i.passedOn)
    import["passedOn"] = toJSON(*i.passedOn);
  if (!i.conditions.empty()) {
    json::Array conditions;
    for (const SetterCondition &c : i.conditions)
      conditions.push_back(json::Object{{"setter", c.setter}, {"field", c.field}, {"sets", c.sets}});
    import["conditions"] = std::move(conditions);
  }
  return import;
}

static bool fromJSON(const json::Value &v, SetterCondition &c, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("setter", c.setter) && o.map("field", c.field) && o.map("sets", c.sets);
}

static bool fromJSON(const json::Value &v, SetterField &s, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("setter", s.setter) && o.map("field", s.field);
}

static bool fromJSON(const json::Value &v, CrossUnitParameter &p, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("function", p.function) && mapUnsigned(*v.getAsObject(), "parameter", p.parameter, path) &&
         o.map("field", p.field);
}

static bool fromJSON(const json::Value &v, ArgumentImport &i, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("function", i.function) && mapUnsigned(*v.getAsObject(), "parameter", i.parameter, path) &&
         o.map("field", i.field) && o.map("value", i.value) && o.map("steps", i.steps) && o.map("call", i.call) &&
         o.mapOptional("passedOn", i.passedOn) && o.mapOptional("conditions", i.conditions);
}

static json::Value toJSON(const ConditionalFinding &c) {
  json::Array parameters;
  for (const CrossUnitParameter &p : c.fp16Parameters)
    parameters.push_back(toJSON(p));
  return json::Object{{"finding", toJSON(c.finding)},
                      {"functions", c.functions},
                      {"fp16Returns", c.fp16Returns},
                      {"fp16Parameters", std::move(parameters)}};
}

static bool fromJSON(const json::Value &v, ConditionalFinding &c, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("finding", c.finding) && o.map("functions", c.functions) && o.map("fp16Returns", c.fp16Returns) &&
         o.map("fp16Parameters", c.fp16Parameters);
}

static json::Value toJSON(const Fp16Argument &a) {
  json::Array calls;
  for (const SourcePoint &call : a.fp16ReturnCalls)
    calls.push_back(toJSON(call));
  return json::Object{{"parameter", a.parameter},
                      {"where", toJSON(a.where)},
                      {"because", a.because},
                      {"fp16Returns", a.fp16Returns},
                      {"fp16ReturnCalls", std::move(calls)}};
}

static bool fromJSON(const json::Value &v, Fp16Argument &a, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && mapUnsigned(*v.getAsObject(), "parameter", a.parameter, path) && o.map("where", a.where) &&
         o.map("because", a.because) && o.map("fp16Returns", a.fp16Returns) &&
         o.mapOptional("fp16ReturnCalls", a.fp16ReturnCalls);
}

static json::Value toJSON(const Fp16Return &r) {
  json::Object object{
      {"function", r.function}, {"name", r.name}, {"where", toJSON(r.where)}, {"because", r.because}, {"part", r.part}};
  if (!r.fp16Parameters.empty())
    object["fp16Parameters"] = json::Array(r.fp16Parameters);
  return object;
}

static bool fromJSON(const json::Value &v, Fp16Return &r, json::Path path) {
  json::ObjectMapper o(v, path);
  if (!o || !o.map("function", r.function) || !o.map("name", r.name) || !o.map("where", r.where) ||
      !o.map("because", r.because) || !o.map("part", r.part))
    return false;
  if (const json::Array *parameters = v.getAsObject()->getArray("fp16Parameters"))
    for (const json::Value &parameter : *parameters) {
      std::optional<unsigned> index = unsignedOf(parameter);
      if (!index) {
        path.field("fp16Parameters").report("expected parameter indexes");
        return false;
      }
      r.fp16Parameters.push_back(*index);
    }
  return true;
}

static json::Value toJSON(const AutocastCall &c) {
  json::Array arguments;
  for (const Fp16Argument &a : c.fp16Arguments)
    arguments.push_back(toJSON(a));
  return json::Object{{"function", c.function},      {"name", c.name},
                      {"call", toJSON(c.call)},       {"region", c.region},
                      {"opened", toJSON(c.opened)},   {"underCallerOf", c.underCallerOf},
                      {"fp16Arguments", std::move(arguments)}};
}

static bool fromJSON(const json::Value &v, AutocastCall &c, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("function", c.function) && o.map("name", c.name) && o.map("call", c.call) &&
         o.map("region", c.region) && o.map("opened", c.opened) && o.map("underCallerOf", c.underCallerOf) &&
         o.map("fp16Arguments", c.fp16Arguments);
}

static json::Value toJSON(const VirtualOverride &o) {
  return json::Object{{"function", o.function}, {"name", o.name}, {"overridden", o.overridden}};
}

static bool fromJSON(const json::Value &v, VirtualOverride &o, json::Path path) {
  json::ObjectMapper m(v, path);
  return m && m.map("function", o.function) && m.map("name", o.name) && m.map("overridden", o.overridden);
}

json::Value toJSON(const CrossUnitFacts &facts) {
  json::Array exports, imports, conditional, autocastCalls, fp16Returns, overrides, setters;
  for (const ParameterExport &e : facts.exports)
    exports.push_back(toJSON(e));
  for (const ArgumentImport &i : facts.imports)
    imports.push_back(toJSON(i));
  for (const ConditionalFinding &c : facts.conditional)
    conditional.push_back(toJSON(c));
  for (const AutocastCall &c : facts.autocastCalls)
    autocastCalls.push_back(toJSON(c));
  for (const Fp16Return &r : facts.fp16Returns)
    fp16Returns.push_back(toJSON(r));
  for (const VirtualOverride &o : facts.overrides)
    overrides.push_back(toJSON(o));
  for (const SetterField &s : facts.setters)
    setters.push_back(json::Object{{"setter", s.setter}, {"field", s.field}});
  return json::Object{{"exports", std::move(exports)},
                      {"imports", std::move(imports)},
                      {"conditional", std::move(conditional)},
                      {"autocastCalls", std::move(autocastCalls)},
                      {"fp16Returns", std::move(fp16Returns)},
                      {"overrides", std::move(overrides)},
                      {"setters", std::move(setters)}};
}

bool fromJSON(const json::Value &v, CrossUnitFacts &facts, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("exports", facts.exports) && o.map("imports", facts.imports) &&
         o.map("conditional", facts.conditional) && o.map("autocastCalls", facts.autocastCalls) &&
         o.map("fp16Returns", facts.fp16Returns) && o.map("overrides", facts.overrides) &&
         o.map("setters", facts.setters);
}

json::Value toJSON(const TranslationUnitResult &r) {
  json::Array findings;
  for (const Finding &f : r.findings)
    findings.push_back(toJSON(f));
  return json::Object{{"file", r.file},         {"parsed", r.parsed},
                      {"failure", r.failure},   {"findings", std::move(findings)},
                      {"facts", toJSON(r.facts)}, {"inputs", r.inputs}};
}

bool fromJSON(const json::Value &v, TranslationUnitResult &r, json::Path path) {
  json::ObjectMapper o(v, path);
  return o && o.map("file", r.file) && o.map("parsed", r.parsed) && o.map("failure", r.failure) &&
         o.map("findings", r.findings) && o.map("facts", r.facts) && o.mapOptional("inputs", r.inputs);
}

llvm::Expected<json::Value> readJsonFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError(buffer.getError(), "cannot read '%s': %s", path.str().c_str(),
                                   buffer.getError().message().c_str());
  return parseJsonBounded((*buffer)->getBuffer(), "'" + path.str() + "'");
}

} // namespace ampify
