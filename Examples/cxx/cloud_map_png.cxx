// A VTK pipeline with CloudMap's modules: a nec2c output -> NEC-2 reader ->
// Surface Cloud Map (24 bands, 2 levels) -> off-screen render -> PNG.
//
//   cloud_map_png <nec2c .out> <image.png>
//
// Prints the number of cells read and drawn and the image size.
#include <vtkCloudMapNECReader.h>
#include <vtkCloudMapSurfaceCloudMap.h>

#include <vtkActor.h>
#include <vtkCellData.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkWindowToImageFilter.h>

#include <cstdio>
#include <cstdlib>

int main(int argc, char* argv[])
{
  if (argc != 3)
  {
    std::fprintf(stderr, "usage: %s <nec2c .out> <image.png>\n", argv[0]);
    return EXIT_FAILURE;
  }
  vtkNew<vtkCloudMapNECReader> reader;
  reader->SetFileName(argv[1]);
  vtkNew<vtkCloudMapSurfaceCloudMap> cloud;
  cloud->SetInputConnection(reader->GetOutputPort());
  cloud->SetNumberOfBands(24);
  cloud->SetNumberOfLevels(2);
  cloud->Update();
  vtkPolyData* surface = vtkPolyData::SafeDownCast(reader->GetOutputDataObject(0));
  vtkPolyData* map = cloud->GetOutput();
  if (!surface || !map || map->GetNumberOfCells() == 0)
  {
    std::fprintf(stderr, "no cloud map from %s\n", argv[1]);
    return EXIT_FAILURE;
  }
  vtkIdType triangles = 0, quads = 0;
  for (vtkIdType i = 0; i < surface->GetNumberOfCells(); ++i)
  {
    const vtkIdType n = surface->GetCellSize(i);
    triangles += n == 3;
    quads += n == 4;
  }
  std::printf("read triangles=%lld quads=%lld\n", static_cast<long long>(triangles),
    static_cast<long long>(quads));
  std::printf("cloud cells=%lld\n", static_cast<long long>(map->GetNumberOfCells()));

  // The band colours are RGB bytes per sub-element: drawn as they are.
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(map);
  mapper->SetScalarModeToUseCellFieldData();
  mapper->SelectColorArray("BandColor");
  mapper->SetColorModeToDirectScalars();
  mapper->ScalarVisibilityOn();
  vtkNew<vtkActor> actor;
  actor->SetMapper(mapper);
  vtkNew<vtkRenderer> renderer;
  renderer->AddActor(actor);
  renderer->SetBackground(1, 1, 1);
  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->AddRenderer(renderer);
  window->SetSize(640, 480);
  renderer->ResetCamera();
  window->Render();
  vtkNew<vtkWindowToImageFilter> grab;
  grab->SetInput(window);
  vtkNew<vtkPNGWriter> writer;
  writer->SetInputConnection(grab->GetOutputPort());
  writer->SetFileName(argv[2]);
  writer->Write();
  int* size = window->GetSize();
  std::printf("png %s %dx%d\n", argv[2], size[0], size[1]);
  return EXIT_SUCCESS;
}
