// A single-process stand-in for libMesh's Parallel::Communicator and
// ParallelObject, and for the MPI calls of the trainer (MPI_Wtime,
// MPI_Allreduce on gradient buffers). One rank: every reduction is the identity.
#pragma once

#include <cstdint>

namespace Parallel
{
class Communicator
{
public:
  Communicator();

  unsigned int size() const { return _size; }
  unsigned int rank() const { return _rank; }

  /// Sum a value over all ranks (in place).
  void sum(double & value) const;
  /// Sum a buffer element by element over all ranks (MPI_Allreduce with MPI_IN_PLACE).
  void allreduceSum(double * data, std::int64_t count) const;

private:
  unsigned int _size;
  unsigned int _rank;
};

/// Wall-clock seconds, as MPI_Wtime.
double wallTime();
}

namespace libMesh
{
class ParallelObject
{
public:
  explicit ParallelObject(const Parallel::Communicator & comm) : _communicator(comm) {}
  unsigned int n_processors() const { return _communicator.size(); }
  unsigned int processor_id() const { return _communicator.rank(); }
  const Parallel::Communicator & comm() const { return _communicator; }

protected:
  const Parallel::Communicator & _communicator;
};
}
