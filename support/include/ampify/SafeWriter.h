// The one writer of every file ampify writes: fixed sources, reports (-o, --export-fixes),
// baselines, cache entries, worker requests and results, preamble manifests. Its guarantees
// (docs/robustness.md):
//  - only regular files are written: a device, FIFO, socket or directory is refused ("-" is
//    stdout where an option documents it);
//  - a symbolic link is written through, to its target;
//  - mode, owner, group and hard links are kept: a file that a rename would change (several
//    links, another owner) is rewritten in place, after a complete copy of the new content was
//    written beside it, so a full disk fails before the file is touched;
//  - a read-only file is refused, and so is an output that names one of the run's inputs;
//  - an edited source keeps its line endings (CRLF stays CRLF);
//  - the temporary copy is unnamed while it is written (O_TMPFILE), or else removed on every exit
//    path, signals included;
//  - a failed write is an error naming the file, and the old file is left as it was.
#pragma once

#include "llvm/Support/Error.h"

namespace ampify {

enum class WriteKind {
  /// A file ampify produces (report, export, baseline, cache entry): refused if it names an
  /// input; "-" means stdout.
  Output,
  /// A source rewritten by a fix: it keeps its line-ending style.
  SourceEdit,
};

/// Records a file this run reads (a source, a header, a report being merged, a baseline); an
/// Output write to the same file (by any name: links, "..") is refused.
void registerInput(llvm::StringRef path);

/// Writes `content` to `path` with the guarantees above.
llvm::Error writeFileSafely(llvm::StringRef path, llvm::StringRef content,
                            WriteKind kind = WriteKind::Output);

/// For caches, whose writes are an optimisation: the same writer, failure only returns false.
bool writeFileQuietly(llvm::StringRef path, llvm::StringRef content);

/// Whether `text` ends its lines with CRLF (most of its line breaks are CRLF).
bool usesCrlf(llvm::StringRef text);
/// `text` with each bare LF turned into CRLF.
std::string withCrlf(llvm::StringRef text);

} // namespace ampify
